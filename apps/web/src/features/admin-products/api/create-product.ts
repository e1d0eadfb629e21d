import { ProductSchema, type CreateProductBody, type Product } from '@bindery/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateProductQueries } from './product-keys';

export function createProduct(body: CreateProductBody): Promise<Product> {
  return apiClient.post('/products', body, { schema: ProductSchema });
}

/** Creates a product and refetches the product lists. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateProductQueries(queryClient),
  });
}
