import type { ProductOwnershipResponse } from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Whether the signed-in buyer owns a product, and the paid order that makes it theirs. */
export function getProductOwnership(
  productId: string,
  signal?: AbortSignal,
): Promise<ProductOwnershipResponse> {
  return apiClient.get<ProductOwnershipResponse>(
    `/orders/mine/products/${encodeURIComponent(productId)}`,
    { signal },
  );
}

export const productOwnershipQuery = (productId: string) =>
  queryOptions({
    queryKey: orderKeys.ownership(productId),
    queryFn: ({ signal }) => getProductOwnership(productId, signal),
    // A purchase, refund or dispute elsewhere changes it: ask again whenever the page opens.
    staleTime: 0,
  });

/** Asks only for a signed-in buyer; visitors never own anything. */
export const useProductOwnership = (productId: string, isSignedIn: boolean) =>
  useQuery({ ...productOwnershipQuery(productId), enabled: isSignedIn && productId !== '' });
