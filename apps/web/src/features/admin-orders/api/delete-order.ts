import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from '../../orders';

export async function deleteOrder(id: string): Promise<void> {
  await apiClient.delete(`/orders/${encodeURIComponent(id)}`);
}

/** Deletes an order, then refetches the order lists whatever the answer, so they show the truth. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
