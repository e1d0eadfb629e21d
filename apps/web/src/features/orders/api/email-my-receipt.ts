import { ReceiptSentResponseSchema, type ReceiptSentResponse } from '@bindery/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Emails the signed-in buyer the receipt of one of their paid orders (rate limited). */
export function emailMyReceipt(orderId: string): Promise<ReceiptSentResponse> {
  return apiClient.post(`/orders/${encodeURIComponent(orderId)}/receipt`, undefined, {
    schema: ReceiptSentResponseSchema,
  });
}

export const useEmailMyReceipt = () => useMutation({ mutationFn: emailMyReceipt });
