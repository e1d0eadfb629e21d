import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateProductQueries } from './product-keys';

/** Puts an archived product back in the catalogue. */
export async function restoreProduct(id: string): Promise<void> {
  await apiClient.post(`/admin/products/${encodeURIComponent(id)}/restore`);
}

/** Restores a product and refetches the product lists and the catalogue. */
export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSuccess: () => invalidateProductQueries(queryClient),
  });
}
