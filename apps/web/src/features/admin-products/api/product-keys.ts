import type { QueryClient } from '@tanstack/react-query';
import { catalogKeys } from '../../catalog';
import type { ListProductsParams } from './list-products';

/** Query keys of the admin product screens. */
export const productKeys = {
  all: ['products'] as const,
  adminLists: () => [...productKeys.all, 'admin', 'list'] as const,
  adminList: (params: ListProductsParams) => [...productKeys.adminLists(), params] as const,
  adminDetail: (id: string) => [...productKeys.all, 'admin', 'detail', id] as const,
};

/** After a create, update or delete: refetch the admin list and the public catalogue alike. */
export function invalidateProductQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.all }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  ]);
}
