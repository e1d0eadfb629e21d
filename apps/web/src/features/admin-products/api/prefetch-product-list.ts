import {
  ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  ADMIN_PRODUCTS_PAGE_SIZES,
  PRODUCT_SORT_FIELDS,
} from '@bindery/shared';
import type { QueryClient } from '@tanstack/react-query';
import { readPagePlace } from '../../../lib/use-page-in-address';
import { readSort } from '../../../lib/use-sort-in-address';
import { productListQuery, readProductListStatus } from './list-products';

/**
 * Asks for the products the dashboard will show at this address (`search`, the address's
 * query), as the page itself would: started beside the page's script (and MUI X's), the rows
 * are there when it renders.
 */
export function prefetchProductList(queryClient: QueryClient, search: string): Promise<void> {
  const params = new URLSearchParams(search);
  const { page, pageSize } = readPagePlace(
    params,
    ADMIN_PRODUCTS_PAGE_SIZES,
    ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  );
  return queryClient.prefetchQuery(
    productListQuery({
      page: page + 1,
      limit: pageSize,
      sort: readSort(params, PRODUCT_SORT_FIELDS),
      status: readProductListStatus(params),
    }),
  );
}
