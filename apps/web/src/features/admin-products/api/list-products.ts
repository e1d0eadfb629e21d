import {
  ProductListSchema,
  ProductSchema,
  type ProductListStatus,
  type ProductSortField,
  type SortOrder,
} from '@bindery/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/**
 * The specification reads the admin table's price as an object holding `usd`, while the API
 * sends dollars as a number; a row accepts both readings (see `priceInUsd`).
 */
export const PriceReadingSchema = z
  .union([z.number(), z.object({ usd: z.number().nullish() })])
  .nullish();
export type PriceReading = z.infer<typeof PriceReadingSchema>;

export const AdminProductSchema = ProductSchema.extend({
  price: PriceReadingSchema,
  /** When it was archived (deleted with sales); absent or null while it is on sale. */
  archivedAt: z.string().nullish(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductListSchema = ProductListSchema.extend({
  products: z.array(AdminProductSchema),
});
export type AdminProductList = z.infer<typeof AdminProductListSchema>;

/** The usd value of either price reading, or undefined when there is none. */
export function priceInUsd(price: PriceReading): number | undefined {
  const usd = typeof price === 'number' ? price : price?.usd;
  return typeof usd === 'number' && Number.isFinite(usd) ? usd : undefined;
}

export interface ListProductsParams {
  /** 1-based, as the API counts. */
  page: number;
  limit: number;
  /** A column sorted on the server; without it the list is newest first. */
  sort?: { field: ProductSortField; order: SortOrder } | null;
  /** On sale (the catalogue's list) or archived (the admin's list of them). */
  status?: ProductListStatus;
}

/** One page of products, newest first or as sorted; the admin table pages and sorts on the server. */
export function listProducts(
  { page, limit, sort, status = 'active' }: ListProductsParams,
  signal?: AbortSignal,
): Promise<AdminProductList> {
  const query = new URLSearchParams({
    ...(status === 'archived' ? { status } : {}),
    page: String(page),
    limit: String(limit),
    ...(sort ? { sort: sort.field, order: sort.order } : {}),
  });
  // Products on sale are the catalogue's own list; archived ones only the admin's route lists.
  const path = status === 'archived' ? '/admin/products' : '/products';
  return apiClient.get(`${path}?${query.toString()}`, { schema: AdminProductListSchema, signal });
}

/** Which products an address asks for: `?status=archived`, or those on sale. */
export function readProductListStatus(params: URLSearchParams): ProductListStatus {
  return params.get('status') === 'archived' ? 'archived' : 'active';
}

export const productListQuery = (params: ListProductsParams) =>
  queryOptions({
    // One key for one list: no status is the list on sale, as the request says.
    queryKey: productKeys.adminList({ ...params, status: params.status ?? 'active' }),
    queryFn: ({ signal }) => listProducts(params, signal),
    // Paging keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useProductList = (params: ListProductsParams) => useQuery(productListQuery(params));
