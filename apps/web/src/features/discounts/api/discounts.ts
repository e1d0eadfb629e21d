import {
  DiscountListSchema,
  DiscountSchema,
  type Discount,
  type DiscountBody,
  type DiscountList,
} from '@bindery/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const discountKeys = { all: ['admin', 'discounts'] as const };

export function listDiscounts(signal?: AbortSignal): Promise<DiscountList> {
  return apiClient.get('/admin/discounts', { schema: DiscountListSchema, signal });
}

export const discountListQuery = () =>
  queryOptions({ queryKey: discountKeys.all, queryFn: ({ signal }) => listDiscounts(signal) });

export const useDiscounts = () => useQuery(discountListQuery());

/** Creates a discount (no id) or replaces one (the whole discount is sent). */
export function saveDiscount({ id, body }: { id?: string; body: DiscountBody }): Promise<Discount> {
  return id
    ? apiClient.put(`/admin/discounts/${encodeURIComponent(id)}`, body, { schema: DiscountSchema })
    : apiClient.post('/admin/discounts', body, { schema: DiscountSchema });
}

export async function deleteDiscount(id: string): Promise<void> {
  await apiClient.delete(`/admin/discounts/${encodeURIComponent(id)}`);
}

/** Saves a discount, then refetches the list (its order and redemptions are the server's). */
export function useSaveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}
