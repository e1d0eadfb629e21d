import type { Product, ProductList } from '@bindery/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { catalogKeys } from './keys';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiClient.get<Product>(`/products/${encodeURIComponent(id)}`, { signal });
}

/**
 * One product. Null only when a page rendered by the server said the product is not in the
 * catalogue (its 404 page): the app then shows the same "Product Not Found" without asking.
 */
export const productQuery = (id: string) =>
  queryOptions<Product | null>({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** The product as a catalogue page already holds it, to show at once while its own call runs. */
function findListedProduct(queryClient: QueryClient, id: string): Product | undefined {
  for (const [, list] of queryClient.getQueriesData<ProductList>({
    queryKey: catalogKeys.lists(),
  })) {
    const product = list?.products.find((item) => item._id === id);
    if (product) return product;
  }
  return undefined;
}

/** One product; the call only runs when there is an id. */
export function useProduct(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    ...productQuery(id ?? ''),
    enabled: !!id,
    placeholderData: () => (id ? findListedProduct(queryClient, id) : undefined),
  });
}
