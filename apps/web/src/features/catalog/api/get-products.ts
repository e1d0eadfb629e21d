import { CATALOG_PAGE_SIZE, type ProductList } from '@bindery/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { catalogKeys } from './keys';

export interface GetProductsParams {
  page: number;
  /** Words to search for; empty lists the newest products. */
  search: string;
}

export function getProducts(
  { page, search }: GetProductsParams,
  signal?: AbortSignal,
): Promise<ProductList> {
  const query = new URLSearchParams({ page: String(page), limit: String(CATALOG_PAGE_SIZE) });
  if (search) query.set('search', search);
  return apiClient.get<ProductList>(`/products?${query.toString()}`, { signal });
}

export const productsQuery = (params: GetProductsParams) =>
  queryOptions({
    queryKey: catalogKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    // Keep showing the current page while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });

export const useProducts = (params: GetProductsParams) => useQuery(productsQuery(params));
