import type { ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '../components/lazy-page';
import { NotFoundPage } from '../components/not-found-page';
import { AdminOrdersRoute } from '../features/admin-orders/components/admin-orders-route';
import { ProductsDashboardRoute } from '../features/admin-products/components/products-dashboard-route';
import { ProductPageSkeleton } from '../features/catalog/components/product-page-skeleton';
import { ProductsPage } from '../features/catalog/components/products-page';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/app-layout';
import { RouteErrorBoundary } from './route-error-boundary';

// The catalogue is the store's front page and comes with the first script; every other page is
// fetched when first shown (with the MUI theme, for the pages built with MUI). The product page
// and the sign-in page, like the catalogue, are plain (ui/store.css); the product page shows its
// own skeleton while its script arrives.
const ProductPage = lazyPage(
  () => import('../features/catalog/components/product-page').then((m) => m.ProductPage),
  { fallback: <ProductPageSkeleton />, mui: false },
);
const LoginPage = lazyPage(
  () => import('../features/auth/components/login-page').then((m) => m.LoginPage),
  { mui: false },
);
const PaymentSuccessPage = lazyPage(() =>
  import('../features/checkout/components/payment-success-page').then((m) => m.PaymentSuccessPage),
);
const PaymentCanceledPage = lazyPage(() =>
  import('../features/checkout/components/payment-canceled-page').then(
    (m) => m.PaymentCanceledPage,
  ),
);
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const AccountPage = lazyPage(() =>
  import('../features/account/components/account-page').then((m) => m.AccountPage),
);
const SalesPage = lazyPage(() =>
  import('../features/sales/components/sales-page').then((m) => m.SalesPage),
);
const OutboxPage = lazyPage(() =>
  import('../features/admin-mail/components/outbox-page').then((m) => m.OutboxPage),
);
const MyOrdersPage = lazyPage(
  () => import('../features/orders/components/my-orders-page').then((m) => m.MyOrdersPage),
  {
    prefetch: (queryClient, search) =>
      import('../features/orders/api/prefetch-my-orders').then((m) =>
        m.prefetchMyOrders(queryClient, search),
      ),
  },
);

/**
 * The store's routes around the product page's element: the lazy page in the browser, the same
 * page loaded up front (in the same Suspense boundary) when the server renders it
 * (entry-server.tsx), so the markup the browser hydrates is the markup it would have made.
 */
export function buildRoutes(productPage: ReactNode): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'login/admin', element: <LoginPage variant="admin" /> },
        { path: 'forgot-password', element: <ForgotPasswordPage /> },
        { path: 'reset-password', element: <ResetPasswordPage /> },
        { path: 'products', element: <ProductsPage /> },
        { path: 'product/:id', element: productPage },
        {
          path: 'dashboard',
          element: (
            <RequireAuth roles={['admin']}>
              <ProductsDashboardRoute />
            </RequireAuth>
          ),
        },
        {
          path: 'orders',
          element: (
            <RequireAuth roles={['admin']}>
              <AdminOrdersRoute />
            </RequireAuth>
          ),
        },
        {
          path: 'sales',
          element: (
            <RequireAuth roles={['admin']}>
              <SalesPage />
            </RequireAuth>
          ),
        },
        {
          path: 'email',
          element: (
            <RequireAuth roles={['admin']}>
              <OutboxPage />
            </RequireAuth>
          ),
        },
        {
          // The payment result pages and the buyer's orders: any signed-in user (DESIGN 7).
          element: <RequireAuth roles={['user', 'admin']} />,
          children: [
            { path: 'success', element: <PaymentSuccessPage /> },
            { path: 'cancel', element: <PaymentCanceledPage /> },
            { path: 'my-orders', element: <MyOrdersPage /> },
            { path: 'account', element: <AccountPage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const routes = buildRoutes(<ProductPage />);

/** The SPA lives under Vite's base ('/store/'), so the router's basename follows it. */
export const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * The store's pages. The declarative router (BrowserRouter in main.tsx) is enough for them: no
 * page uses loaders or actions, and the data router would add its code to the first view.
 */
export function AppRoutes({ routeTable = routes }: { routeTable?: RouteObject[] }) {
  const location = useLocation();
  const page = useRoutes(routeTable);
  return <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>;
}
