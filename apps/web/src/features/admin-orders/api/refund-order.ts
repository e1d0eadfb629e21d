import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from '../../orders';
import { AdminOrderRowSchema, type AdminOrderRow } from './list-orders';

/** Refunds an order in full through the payment provider; answers the order, now refunded. */
export function refundOrder(id: string): Promise<AdminOrderRow> {
  return apiClient.post(`/orders/${encodeURIComponent(id)}/refund`, undefined, {
    schema: AdminOrderRowSchema,
  });
}

/** Refunds an order, then refetches the order lists whatever the answer, so they show the truth. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
