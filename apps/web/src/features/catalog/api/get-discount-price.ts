import type { DiscountLookup } from '@bindery/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { catalogKeys } from './keys';

/** A product's price with a discount code; 404 or 409 (with the reason) when it does not apply. */
export function getDiscountPrice(
  code: string,
  productId: string,
  signal?: AbortSignal,
): Promise<DiscountLookup> {
  const query = new URLSearchParams({ productId });
  return apiClient.get<DiscountLookup>(
    `/discounts/${encodeURIComponent(code)}?${query.toString()}`,
    { signal },
  );
}

/** The price with `code`, asked only once a code is applied (codes match in any case). */
export function useDiscountPrice(code: string | null, productId: string) {
  return useQuery({
    queryKey: [...catalogKeys.detail(productId), 'discount', code?.toUpperCase() ?? ''],
    queryFn: ({ signal }) => getDiscountPrice(code ?? '', productId, signal),
    enabled: !!code,
    // A refusal is the answer, not a failure to try again.
    retry: false,
  });
}
