import { MY_ORDERS_DEFAULT_PAGE_SIZE, MY_ORDERS_PAGE_SIZES } from '@bindery/shared';
import type { QueryClient } from '@tanstack/react-query';
import { readPagePlace } from '../../../lib/use-page-in-address';
import { readIncludeCanceled } from '../components/use-include-canceled';
import { myOrdersQuery } from './get-my-orders';

/**
 * Asks for the orders My Orders will show at this address (`search`, the address's query), as
 * the page itself would: started beside the page's script, the list is there when it renders.
 */
export function prefetchMyOrders(queryClient: QueryClient, search: string): Promise<void> {
  const params = new URLSearchParams(search);
  const { page, pageSize } = readPagePlace(
    params,
    MY_ORDERS_PAGE_SIZES,
    MY_ORDERS_DEFAULT_PAGE_SIZE,
  );
  return queryClient.prefetchQuery(
    myOrdersQuery({
      page: page + 1,
      limit: pageSize,
      includeCanceled: readIncludeCanceled(params),
    }),
  );
}
