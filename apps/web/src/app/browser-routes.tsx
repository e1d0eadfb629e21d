import { lazyPage } from '../components/lazy-page';
import { ProductPageSkeleton } from '../features/catalog/components/product-page-skeleton';
import { buildRoutes } from './router';

// The browser's route table. It lives apart from router.tsx so the server renderer, which
// imports the product page up front (entry-server.tsx), never also meets it as a lazy import.
// The product page, like the catalogue, is plain (ui/store.css) and shows its own skeleton while
// its script arrives.
const ProductPage = lazyPage(
  () => import('../features/catalog/components/product-page').then((m) => m.ProductPage),
  { fallback: <ProductPageSkeleton />, mui: false },
);

export const routes = buildRoutes(<ProductPage />);
