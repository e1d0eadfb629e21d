import {
  ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  ADMIN_PRODUCTS_PAGE_SIZES,
  PRODUCT_SORT_FIELDS,
} from '@bindery/shared';
import type { QueryClient } from '@tanstack/react-query';
import { readPagePlace } from '../../../lib/use-page-in-address';
import { readSort } from '../../../lib/use-sort-in-address';
import { productListQuery, readProductListStatus, type ListProductsParams } from './list-products';

/** The list the dashboard shows at this address (`search`, the address's query), as the page reads it. */
export function productListAt(search: string): ListProductsParams {
  const params = new URLSearchParams(search);
  const { page, pageSize } = readPagePlace(
    params,
    ADMIN_PRODUCTS_PAGE_SIZES,
    ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  );
  return {
    page: page + 1,
    limit: pageSize,
    sort: readSort(params, PRODUCT_SORT_FIELDS),
    status: readProductListStatus(params),
  };
}

/**
 * Asks for the products the dashboard will show at this address, as the page itself would:
 * started beside the page's script, the rows are there when it renders. Nothing is asked when
 * the page came with them (the server puts the first list in a signed-in admin's page).
 */
export function prefetchProductList(queryClient: QueryClient, search: string): Promise<void> {
  return queryClient.prefetchQuery(productListQuery(productListAt(search)));
}
