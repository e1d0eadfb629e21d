import { lazyPage } from '../../../components/lazy-page';
import { Spinner } from '../../../ui/spinner';

// Loaded on demand: the page brings MUI X Data Grid, which buyers never need.
export const ProductsDashboardPage = lazyPage(
  () => import('./products-dashboard-page').then((module) => module.ProductsDashboardPage),
  {
    fallback: (
      <div role="status" className="loading-block">
        <Spinner label="Loading products" />
      </div>
    ),
    prefetch: (queryClient, search) =>
      import('../api/prefetch-product-list').then((m) =>
        m.prefetchProductList(queryClient, search),
      ),
  },
);

/** The dashboard route's element: the product management page, fetched when first shown. */
export function ProductsDashboardRoute() {
  return <ProductsDashboardPage />;
}
