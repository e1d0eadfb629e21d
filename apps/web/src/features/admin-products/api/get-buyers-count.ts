import { BuyersCountResponseSchema, type BuyersCountResponse } from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export const buyersCountKey = (id: string) => [...productKeys.all, 'admin', 'buyers', id] as const;

/** How many buyers an update email about the product would reach. */
export function getBuyersCount(id: string, signal?: AbortSignal): Promise<BuyersCountResponse> {
  return apiClient.get(`/admin/products/${encodeURIComponent(id)}/buyers-count`, {
    schema: BuyersCountResponseSchema,
    signal,
  });
}

export const buyersCountQuery = (id: string) =>
  queryOptions({
    queryKey: buyersCountKey(id),
    queryFn: ({ signal }) => getBuyersCount(id, signal),
  });

/** Asked only while `enabled` (the owner ticked "Email buyers"). */
export function useBuyersCount(id: string | undefined, enabled: boolean) {
  return useQuery({ ...buyersCountQuery(id ?? ''), enabled: enabled && id !== undefined });
}
