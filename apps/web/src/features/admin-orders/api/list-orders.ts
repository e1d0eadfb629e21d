import {
  AdminOrderSchema,
  AdminOrdersResponseSchema,
  type OrderSortField,
  type SortOrder,
} from '@bindery/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, apiClient } from '../../../lib/api-client';
import { orderKeys } from '../../orders';

/** Any status string is kept: one outside the four known shows as "Unknown" (DESIGN 8). */
export const AdminOrderRowSchema = AdminOrderSchema.extend({ status: z.string() });
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrderListSchema = AdminOrdersResponseSchema.extend({
  orders: z.array(AdminOrderRowSchema),
});
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

export interface ListOrdersParams {
  /** 1-based, as the API counts. */
  page: number;
  limit: number;
  /** Only the orders that need the owner: flagged for review, or with an open dispute. */
  review?: boolean;
  /** A column sorted on the server; without it the list is newest first. */
  sort?: { field: OrderSortField; order: SortOrder } | null;
  /** Search: buyer email, product title or order number; empty lists every order. */
  q?: string;
}

/** The list's filters and sort as the API reads them, for the list and its CSV export alike. */
export function orderFilterParams({
  review = false,
  sort,
  q,
}: Omit<ListOrdersParams, 'page' | 'limit'>) {
  return {
    ...(review ? { review: 'true' } : {}),
    ...(q ? { q } : {}),
    ...(sort ? { sort: sort.field, order: sort.order } : {}),
  };
}

/** The address of the CSV export of the orders these filters list (every page). */
export function ordersCsvUrl(params: Omit<ListOrdersParams, 'page' | 'limit'>): string {
  const query = new URLSearchParams(orderFilterParams(params)).toString();
  return `${API_BASE}/admin/orders.csv${query ? `?${query}` : ''}`;
}

export const adminOrderKeys = {
  lists: () => [...orderKeys.all, 'admin', 'list'] as const,
  list: (params: ListOrdersParams) => [...adminOrderKeys.lists(), params] as const,
  unmatchedPayments: () => [...orderKeys.all, 'admin', 'unmatched-payments'] as const,
};

/** One page of all customers' orders (or of those that need review), newest first or as sorted. */
export function listOrders(
  { page, limit, ...filters }: ListOrdersParams,
  signal?: AbortSignal,
): Promise<AdminOrderList> {
  const { review, ...rest } = orderFilterParams(filters);
  // In the order the list has always sent them: review, then the page, then search and sort.
  const query = new URLSearchParams({
    ...(review ? { review } : {}),
    page: String(page),
    limit: String(limit),
    ...rest,
  });
  return apiClient.get(`/orders?${query.toString()}`, { schema: AdminOrderListSchema, signal });
}

export const orderListQuery = (params: ListOrdersParams) =>
  queryOptions({
    queryKey: adminOrderKeys.list(params),
    queryFn: ({ signal }) => listOrders(params, signal),
    // Paging keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useOrderList = (params: ListOrdersParams) => useQuery(orderListQuery(params));
