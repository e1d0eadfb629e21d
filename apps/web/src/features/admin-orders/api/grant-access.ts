import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from '../../orders';
import { AdminOrderRowSchema, type AdminOrderRow } from './list-orders';

/** Resolves a flagged order by letting its buyer download; answers the order, now paid. */
export function grantAccess(id: string): Promise<AdminOrderRow> {
  return apiClient.post(`/orders/${encodeURIComponent(id)}/grant-access`, undefined, {
    schema: AdminOrderRowSchema,
  });
}

/** Grants access, then refetches the order lists whatever the answer, so they show the truth. */
export function useGrantAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantAccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
