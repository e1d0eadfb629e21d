import { ProductSchema, type Product, type UpdateProductBody } from '@bindery/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateProductQueries } from './product-keys';

/** Absent `image` or `digitalFile` keep the current ones; given ones replace them. */
export function updateProduct({ id, body }: { id: string; body: UpdateProductBody }) {
  return apiClient.put<Product>(`/products/${encodeURIComponent(id)}`, body, {
    schema: ProductSchema,
  });
}

/** Updates a product and refetches the product lists and pages. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => invalidateProductQueries(queryClient),
  });
}
