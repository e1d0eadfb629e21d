import { ReceiptSentResponseSchema, type ReceiptSentResponse } from '@bindery/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Sends a paid order's receipt to its buyer again; answers the address it went to. */
export function resendReceipt(orderId: string): Promise<ReceiptSentResponse> {
  return apiClient.post(`/admin/orders/${encodeURIComponent(orderId)}/receipt`, undefined, {
    schema: ReceiptSentResponseSchema,
  });
}

export const useResendReceipt = () => useMutation({ mutationFn: resendReceipt });
