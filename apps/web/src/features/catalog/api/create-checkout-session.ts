import type { CheckoutSessionResponse, CreateCheckoutBodySchema } from '@bindery/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** What the page sends: the product, and a discount code or an amount when the buyer gave one. */
export type CheckoutRequest = z.input<typeof CreateCheckoutBodySchema>;

/** Starts a hosted checkout for one product; the server reads the price itself. */
export function createCheckoutSession(body: CheckoutRequest): Promise<CheckoutSessionResponse> {
  return apiClient.post<CheckoutSessionResponse>('/session/checkout', body);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
