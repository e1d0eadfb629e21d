import { MyOrdersResponseSchema, MyPurchaseSchema } from '@bindery/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** A status this app does not know yet shows as "Unknown" instead of failing the whole list. */
export const MyOrderSchema = MyPurchaseSchema.extend({ status: z.string() });
export type MyOrder = z.infer<typeof MyOrderSchema>;

export const MyOrderListSchema = MyOrdersResponseSchema.extend({
  purchases: z.array(MyOrderSchema),
});
export type MyOrderList = z.infer<typeof MyOrderListSchema>;

export interface GetMyOrdersParams {
  /** 1-based, as the API counts. */
  page: number;
  limit: number;
  /** Canceled checkouts are listed only when asked for. */
  includeCanceled?: boolean;
}

/** One page of the signed-in buyer's orders, newest first. */
export function getMyOrders(
  { page, limit, includeCanceled = false }: GetMyOrdersParams,
  signal?: AbortSignal,
): Promise<MyOrderList> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (includeCanceled) query.set('include', 'canceled');
  return apiClient.get(`/orders/myorders?${query.toString()}`, {
    schema: MyOrderListSchema,
    signal,
  });
}

export const myOrdersQuery = (params: GetMyOrdersParams) =>
  queryOptions({
    queryKey: orderKeys.myList(params),
    queryFn: ({ signal }) => getMyOrders(params, signal),
    // Paging keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useMyOrders = (params: GetMyOrdersParams) => useQuery(myOrdersQuery(params));
