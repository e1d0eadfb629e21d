import { ProductSchema, type Product } from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** One product; signed in as an admin, it includes the digital file's reference and name. */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiClient.get(`/products/${encodeURIComponent(id)}`, { schema: ProductSchema, signal });
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.adminDetail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** Runs only when an id is given. */
export const useProduct = (id: string | undefined) =>
  useQuery({ ...productQuery(id ?? ''), enabled: Boolean(id) });
