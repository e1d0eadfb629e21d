import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { MyOrderSchema, type MyOrder } from '../../orders';
import { checkoutKeys } from './generate-download-link';

/** The signed-in buyer's order behind a checkout session: what was bought. */
export function getCheckoutOrder(sessionId: string, signal?: AbortSignal): Promise<MyOrder> {
  return apiClient.get(`/orders/mine/checkouts/${encodeURIComponent(sessionId)}`, {
    schema: MyOrderSchema,
    signal,
  });
}

/** Runs only when there is a session id; the page shows the product's name once it is known. */
export const useCheckoutOrder = (sessionId: string) =>
  useQuery({
    queryKey: [...checkoutKeys.all, 'order', sessionId],
    queryFn: ({ signal }) => getCheckoutOrder(sessionId, signal),
    enabled: sessionId !== '',
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
