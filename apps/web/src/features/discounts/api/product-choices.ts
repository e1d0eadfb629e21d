import { PRODUCT_LIMITS } from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** A product as a discount names it: its id and title. */
export interface ProductChoice {
  _id: string;
  title: string;
  isArchived: boolean;
}

const ProductTitlesSchema = z.object({
  products: z.array(z.object({ _id: z.string(), title: z.string() })),
  pages: z.number().int(),
});

/** Enough pages for any store a discount list is read in; past them a product shows by its id. */
const MAX_PAGES = 40;

async function listAllTitles(path: string, signal?: AbortSignal) {
  const titles: { _id: string; title: string }[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${PRODUCT_LIMITS.listLimitMax}`;
    const list = await apiClient.get(query, { schema: ProductTitlesSchema, signal });
    titles.push(...list.products);
    if (page >= list.pages) break;
  }
  return titles;
}

/** Every product a discount may name: those on sale, then archived ones (old discounts keep them). */
export async function listProductChoices(signal?: AbortSignal): Promise<ProductChoice[]> {
  const [active, archived] = await Promise.all([
    listAllTitles('/products', signal),
    listAllTitles('/admin/products?status=archived', signal),
  ]);
  return [
    ...active.map((product) => ({ ...product, isArchived: false })),
    ...archived.map((product) => ({ ...product, isArchived: true })),
  ];
}

export const productChoicesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'discounts', 'product-choices'] as const,
    queryFn: ({ signal }) => listProductChoices(signal),
  });

export const useProductChoices = () => useQuery(productChoicesQuery());
