import { ListProductsQuerySchema, type Product } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { catalogueHead, notFoundHead, productHead, type StoreFacts } from './page-head.js';

/** A public page as the server sends it: its status and what goes in its head. */
export interface PageAnswer {
  status: 200 | 404;
  head: string;
}

export interface StorefrontServiceOptions {
  catalog: Pick<CatalogService, 'getProduct'>;
  store: StoreFacts;
}

/**
 * The public pages' HTML beyond the app itself (decision 020): the head a link preview, a
 * search engine or a browser tab reads, and the status (an unknown or archived product is a
 * 404, not a page that only says so).
 */
export function createStorefrontService({ catalog, store }: StorefrontServiceOptions) {
  return {
    async productPage(id: string): Promise<PageAnswer> {
      let product: Product;
      try {
        product = await catalog.getProduct(id, false);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          return { status: 404, head: notFoundHead(store) };
        }
        throw error;
      }
      return { status: 200, head: productHead(product, store) };
    },

    /** The catalogue, or a page of it, or a search: a page or search the app would refuse reads as the first. */
    cataloguePage(query: Record<string, unknown>): PageAnswer {
      const parsed = ListProductsQuerySchema.safeParse(query);
      const page = parsed.success ? parsed.data.page : 1;
      const search = parsed.success ? (parsed.data.search?.trim() ?? '') : '';
      return { status: 200, head: catalogueHead(store, { page, search }) };
    },
  };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
