import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from '../../orders';
import { AdminOrderRowSchema, type AdminOrderRow } from './list-orders';

/** Sets an order's count of completed downloads back to 0; answers the order. */
export function resetDownloads(id: string): Promise<AdminOrderRow> {
  return apiClient.post(`/orders/${encodeURIComponent(id)}/reset-downloads`, undefined, {
    schema: AdminOrderRowSchema,
  });
}

/** Resets the count, then refetches the order lists whatever the answer. */
export function useResetDownloads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDownloads,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
