import { z } from 'zod';
import {
  ListProductsQuerySchema,
  ProductListSchema,
  ProductSchema,
  type ProductList,
} from './catalog.js';

/** Which products the admin's Products screen lists: on sale, or taken off sale (archived). */
export const PRODUCT_LIST_STATUSES = ['active', 'archived'] as const;
export type ProductListStatus = (typeof PRODUCT_LIST_STATUSES)[number];

/** GET /api/admin/products: the admin's list, active or archived, paged and sorted as the catalogue. */
export const AdminProductsQuerySchema = ListProductsQuerySchema.omit({ search: true }).extend({
  status: z
    .enum(PRODUCT_LIST_STATUSES, {
      error: `status must be one of ${PRODUCT_LIST_STATUSES.join(', ')}`,
    })
    .default('active'),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>;

/** A product as the admin's list shows it: when it was archived, null while on sale. */
export const AdminListedProductSchema = ProductSchema.extend({
  archivedAt: z.string().nullable(),
});
export type AdminListedProduct = z.infer<typeof AdminListedProductSchema>;

export const AdminProductPageSchema = ProductListSchema.extend({
  products: z.array(AdminListedProductSchema),
});
export type AdminProductPage = Omit<ProductList, 'products'> & { products: AdminListedProduct[] };

/** Texts of archiving and restoring products. */
export const ArchiveMessages = {
  /** The delete dialog's added line, beside the specification's "You won't be able to revert this!". */
  deleteNote: 'A product that has sales is archived instead: its buyers keep their files.',
  notArchived: 'This product is not archived.',
  productRestored: 'Product restored to the catalogue.',
  restoreFailed: (message: string) => `Error restoring product: ${message}`,
} as const;
