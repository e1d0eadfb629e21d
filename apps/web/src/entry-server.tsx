// The store's public pages rendered on the server (decision 020): the catalogue and a product
// page, as the browser's first render would make them from the same data, so the app hydrates
// the HTML instead of drawing the page again. Built with `vite build --ssr` into dist-ssr/;
// the server loads it at start. Only what these pages show is rendered here.
import {
  CATALOG_PAGE_SIZE,
  PAGE_DATA_ELEMENT_ID,
  type Product,
  type ProductList,
  type StoreConfig,
  type User,
} from '@bindery/shared';
import type { QueryKey } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, basename, buildRoutes } from './app/router';
import { productListAt } from './features/admin-products/api/prefetch-product-list';
import { productListQuery } from './features/admin-products/api/list-products';
import { catalogKeys } from './features/catalog/api/keys';
import { readCataloguePlace, type CataloguePlace } from './features/catalog/catalogue-address';
import { ProductPage } from './features/catalog/components/product-page';
import { ProductPageSkeleton } from './features/catalog/components/product-page-skeleton';
import { createQueryClient } from './lib/query-client';
import { useSessionStore } from './lib/session-store';
import { provideStoreConfig } from './lib/store-config';

/** What a rendered page was made from; the app starts from the same (main.tsx). */
export interface PageData {
  queries: Array<[QueryKey, unknown]>;
  user: User | null;
}

export interface RenderedPage {
  /** The markup inside `#root`. */
  html: string;
  data: PageData;
}

export { PAGE_DATA_ELEMENT_ID };

/** The settings every page carries (index.html's config block), once at start. */
export function configure(storeConfig: StoreConfig): void {
  provideStoreConfig(storeConfig);
}

/** The product page loaded up front, in the boundary the browser's lazy page sits in. */
const serverRoutes = buildRoutes(
  <Suspense fallback={<ProductPageSkeleton />}>
    <ProductPage />
  </Suspense>,
);

/** Which page of the catalogue (or of a search) an address under /store/products names. */
export function cataloguePlace(search: string): CataloguePlace & { limit: number } {
  return { ...readCataloguePlace(new URLSearchParams(search)), limit: CATALOG_PAGE_SIZE };
}

/** The catalogue query behind the admin dashboard's first list, and the app's key for it. */
export interface DashboardPlace {
  query: { page: number; limit: number; sort?: string; order?: 'asc' | 'desc' };
  key: QueryKey;
}

/**
 * The list the dashboard shows at an address under /store/dashboard, for the server to put in
 * the admin's page (decision 033); null for the archived products, which the page asks for.
 */
export function dashboardPlace(search: string): DashboardPlace | null {
  const params = productListAt(search);
  if (params.status === 'archived') return null;
  const { page, limit, sort } = params;
  return {
    query: { page, limit, ...(sort ? { sort: sort.field, order: sort.order } : {}) },
    key: productListQuery(params).queryKey,
  };
}

/**
 * `url` is the request's path and query under the store (`/store/product/abc`). Rendering is
 * synchronous, so the session store (a module-wide store) holds this request's user only for
 * the length of this call.
 */
function render(url: string, data: PageData): RenderedPage {
  const queryClient = createQueryClient();
  for (const [key, value] of data.queries) queryClient.setQueryData(key, value);
  const session = useSessionStore.getState();
  useSessionStore.setState({ user: data.user, isAuthenticated: data.user !== null });
  try {
    const html = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={url} basename={basename}>
            <AppRoutes routeTable={serverRoutes} />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
    return { html, data };
  } finally {
    useSessionStore.setState(session, true);
    queryClient.clear();
  }
}

export function renderProductPage(url: string, product: Product, user: User | null) {
  return render(url, { queries: [[catalogKeys.detail(product._id), product]], user });
}

/** An unknown or removed product: "Product Not Found", which the app shows from the same data. */
export function renderProductNotFound(url: string, id: string, user: User | null) {
  return render(url, { queries: [[catalogKeys.detail(id), null]], user });
}

export function renderCataloguePage(url: string, list: ProductList, user: User | null) {
  const { page, search } = cataloguePlace(new URL(url, 'http://store').search);
  return render(url, { queries: [[catalogKeys.list({ page, search }), list]], user });
}
