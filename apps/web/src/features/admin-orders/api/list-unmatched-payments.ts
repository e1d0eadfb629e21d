import { UnmatchedPaymentsResponseSchema, type UnmatchedPaymentsResponse } from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminOrderKeys } from './list-orders';

/** Payments the provider reported for orders the store no longer has; the owner refunds them. */
export function listUnmatchedPayments(signal?: AbortSignal): Promise<UnmatchedPaymentsResponse> {
  return apiClient.get('/orders/unmatched-payments', {
    schema: UnmatchedPaymentsResponseSchema,
    signal,
  });
}

export const unmatchedPaymentsQuery = () =>
  queryOptions({
    // Under `orderKeys.all`, so any change to an order checks again.
    queryKey: adminOrderKeys.unmatchedPayments(),
    queryFn: ({ signal }) => listUnmatchedPayments(signal),
  });

export const useUnmatchedPayments = () => useQuery(unmatchedPaymentsQuery());
