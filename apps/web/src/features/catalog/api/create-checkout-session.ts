import type { CheckoutSessionResponse, CreateCheckoutBody } from '@bindery/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Starts a hosted checkout for one product; the server reads the price itself. */
export function createCheckoutSession(body: CreateCheckoutBody): Promise<CheckoutSessionResponse> {
  return apiClient.post<CheckoutSessionResponse>('/session/checkout', body);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
