import {
  CATALOG_PAGE_SIZE,
  ListProductsQuerySchema,
  PRODUCT_LIMITS,
  type Product,
  type ProductList,
  type User,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import { loadMarkdown } from '../../lib/load-markdown.js';
import type { CatalogService } from '../catalog/index.js';
import type {
  CurrentSettings,
  PageAnswer,
  PageContent,
  PageQueries,
  PageRenderer,
  RenderedApp,
} from '../../lib/page-rendering.js';
import { catalogueHead, notFoundHead, productHead, type StoreFacts } from './page-head.js';

// The page contract lives in lib/ so the web-app plugin can share it without importing a feature.
export type { PageAnswer, PageContent, PageRenderer, RenderedApp };

export interface StorefrontServiceOptions {
  catalog: Pick<CatalogService, 'productAnswer' | 'productListAnswer'>;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** The owner's settings now: the store's name is in every head, the notes on product pages. */
  settings: CurrentSettings;
  /** The renderer, loaded on first use; none without a web build that has one. */
  renderer?: () => Promise<PageRenderer>;
}

/**
 * The public pages' HTML beyond the app's script (decision 020): the head a link preview, a
 * search engine or a browser tab reads, the status (an unknown or archived product is a 404),
 * and the page itself rendered from the catalogue's kept answers, for the app to take over.
 */
export function createStorefrontService({
  catalog,
  publicUrl,
  settings,
  renderer: loadRenderer,
}: StorefrontServiceOptions) {
  /** The facts a head needs, and the key part that retires kept pages when they change. */
  const storeNow = (): { store: StoreFacts; version: number } => {
    const { storeName, version } = settings();
    return { store: { storeName, publicUrl }, version };
  };
  return {
    async productPage(id: string, url: string, user: User | null): Promise<PageAnswer> {
      const renderer = await loadRenderer?.();
      const { store, version } = storeNow();
      let answer;
      try {
        ({ answer } = await catalog.productAnswer(id));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          return {
            status: 404,
            content: () => ({
              head: notFoundHead(store),
              app: renderer?.renderProductNotFound(url, id, user),
            }),
          };
        }
        throw error;
      }
      const { markdownToPlainText } = await loadMarkdown();
      return {
        status: 200,
        shareKey: user ? undefined : `${url}\n${answer.etag}\n${version}`,
        content: () => {
          const product = JSON.parse(answer.body.toString()) as Product;
          return {
            head: productHead(product, store, markdownToPlainText),
            app: renderer?.renderProductPage(url, product, user),
          };
        },
      };
    },

    /** The catalogue, a page of it, or a search; an address the app would refuse reads as page 1. */
    async cataloguePage(url: string, search: string, user: User | null): Promise<PageAnswer> {
      const renderer = await loadRenderer?.();
      const { store, version } = storeNow();
      const place = renderer?.cataloguePlace(search) ?? placeFrom(search);
      // Past the highest page a query may ask for reads as that page: past the end, not an error.
      const page = Math.min(place.page, PRODUCT_LIMITS.pageMax);
      const query = ListProductsQuerySchema.safeParse({
        page: String(page),
        limit: String(place.limit),
        search: place.search || undefined,
      });
      const head = () => catalogueHead(store, { page, search: place.search });
      if (!renderer || !query.success) return { status: 200, content: () => ({ head: head() }) };
      const { answer } = await catalog.productListAnswer(query.data);
      const list = () => JSON.parse(answer.body.toString()) as ProductList;
      return {
        // A page past the last one says so (the page tells which is the last): no such page.
        status: query.data.page > 1 && isPastEnd(list()) ? 404 : 200,
        shareKey: user ? undefined : `${url}\n${answer.etag}\n${version}`,
        content: () => ({ head: head(), app: renderer.renderCataloguePage(url, list(), user) }),
      };
    },

    /**
     * The data a signed-in page drawn by the app starts with: for an admin's dashboard of
     * products on sale, its first list (the catalogue's kept answer, as GET /api/products sends
     * it), so the table shows once the scripts ran, without asking after them (decision 034).
     */
    async appPageQueries(route: string, search: string, user: User): Promise<PageQueries> {
      if (route !== '/dashboard' || user.role !== 'admin') return [];
      const place = (await loadRenderer?.())?.dashboardPlace?.(search);
      const query = place && ListProductsQuerySchema.safeParse(stringsOf(place.query));
      if (!place || !query?.success) return [];
      const { answer } = await catalog.productListAnswer(query.data);
      return [[place.key, JSON.parse(answer.body.toString()) as ProductList]];
    },
  };
}

/** A query's values as an address carries them, for the schema that reads addresses. */
const stringsOf = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));

/** A page of the catalogue or a search past its last page, of one that has products. */
const isPastEnd = (list: ProductList) => list.total > 0 && list.page > list.pages;

/** Without a renderer, the head still names the page and the search. */
function placeFrom(search: string) {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    limit: CATALOG_PAGE_SIZE,
  };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
