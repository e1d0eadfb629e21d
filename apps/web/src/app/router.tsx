import { catalogueTitle, PAGE_TITLES } from '@bindery/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage, type PagePreloader } from '../components/lazy-page';
import { NotFoundPage } from '../components/not-found-page';
import {
  AdminOrdersPage,
  AdminOrdersRoute,
} from '../features/admin-orders/components/admin-orders-route';
import {
  ProductsDashboardPage,
  ProductsDashboardRoute,
} from '../features/admin-products/components/products-dashboard-route';
import { readCataloguePlace } from '../features/catalog/catalogue-address';
import { ProductsPage } from '../features/catalog/components/products-page';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/app-layout';
import type { PageHandle, PageTitle } from './layout/use-page-title';
import { RouteErrorBoundary } from './route-error-boundary';

// The catalogue is the store's front page and comes with the first script; every other page is
// fetched when first shown (with the MUI theme, for the pages built with MUI). The product page
// is placed by the caller (browser-routes.tsx lazily, the server renderer up front). The
// sign-in page, like the catalogue, is plain (ui/store.css).
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
const DiscountsPage = lazyPage(() =>
  import('../features/discounts/components/discounts-page').then((m) => m.DiscountsPage),
);
const OutboxPage = lazyPage(() =>
  import('../features/admin-mail/components/outbox-page').then((m) => m.OutboxPage),
);
const SettingsPage = lazyPage(() =>
  import('../features/admin-settings/components/settings-page').then((m) => m.SettingsPage),
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
 * A route's handle: its page's tab title ("My Orders" → "My Orders · Bindery"), set by the
 * layout, and its lazy page, which the app preloads when it starts at that address (main.tsx);
 * a page for signed-in visitors only when someone is signed in.
 */
const titled = (
  title: PageTitle,
  page?: PagePreloader,
  { signedIn = false }: { signedIn?: boolean } = {},
): { handle: PageHandle } => ({
  handle: { title, ...(page ? { preload: { page, signedIn } } : {}) },
});

/** A page's path in the route table, whose title the shared table gives (the server's too). */
type TitledPath = keyof typeof PAGE_TITLES extends `/${infer Path}` ? Path : never;

/** An admin's page: signed-in admins only. */
const adminPage = (path: TitledPath, element: ReactNode, page: PagePreloader): RouteObject => ({
  path,
  element: <RequireAuth roles={['admin']}>{element}</RequireAuth>,
  ...titled(PAGE_TITLES[`/${path}`], page, { signedIn: true }),
});

/** A page inside a guard (the guard's route says who may see it). */
const guardedPage = (path: TitledPath, Page: LazyPage<object>): RouteObject => ({
  path,
  element: <Page />,
  ...titled(PAGE_TITLES[`/${path}`], Page, { signedIn: true }),
});

/**
 * The store's pages around the product page's element: the lazy page in the browser, the same
 * page loaded up front (in the same Suspense boundary) when the server renders it
 * (entry-server.tsx), so the markup the browser hydrates is the markup it would have made.
 * Every page's title is here; a product page names itself after its product.
 */
function buildPages(productPage: ReactNode): RouteObject[] {
  return [
    { index: true, element: <Navigate to="/login" replace /> },
    { path: 'login', element: <LoginPage />, ...titled(PAGE_TITLES['/login'], LoginPage) },
    {
      path: 'login/admin',
      element: <LoginPage variant="admin" />,
      ...titled(PAGE_TITLES['/login/admin'], LoginPage),
    },
    {
      path: 'forgot-password',
      element: <ForgotPasswordPage />,
      ...titled(PAGE_TITLES['/forgot-password'], ForgotPasswordPage),
    },
    {
      path: 'reset-password',
      element: <ResetPasswordPage />,
      ...titled(PAGE_TITLES['/reset-password'], ResetPasswordPage),
    },
    {
      path: 'products',
      element: <ProductsPage />,
      ...titled((search) => catalogueTitle(readCataloguePlace(search))),
    },
    { path: 'product/:id', element: productPage },
    adminPage('dashboard', <ProductsDashboardRoute />, ProductsDashboardPage),
    adminPage('orders', <AdminOrdersRoute />, AdminOrdersPage),
    adminPage('sales', <SalesPage />, SalesPage),
    adminPage('discounts', <DiscountsPage />, DiscountsPage),
    adminPage('email', <OutboxPage />, OutboxPage),
    adminPage('settings', <SettingsPage />, SettingsPage),
    {
      // The payment result pages and the buyer's orders: any signed-in user (DESIGN 7).
      element: <RequireAuth roles={['user', 'admin']} />,
      children: [
        guardedPage('success', PaymentSuccessPage),
        guardedPage('cancel', PaymentCanceledPage),
        guardedPage('my-orders', MyOrdersPage),
        guardedPage('account', AccountPage),
      ],
    },
    { path: '*', element: <NotFoundPage />, ...titled('Page not found') },
  ];
}

/** The store's routes: every page inside the layout, which titles the tab from `pages`. */
export function buildRoutes(productPage: ReactNode): RouteObject[] {
  const pages = buildPages(productPage);
  return [{ element: <AppLayout pages={pages} />, children: pages }];
}

/** The SPA lives under Vite's base ('/store/'), so the router's basename follows it. */
export const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * The store's pages. The declarative router (BrowserRouter in main.tsx) is enough for them: no
 * page uses loaders or actions, and the data router would add its code to the first view.
 */
export function AppRoutes({ routeTable }: { routeTable: RouteObject[] }) {
  const location = useLocation();
  const page = useRoutes(routeTable);
  return <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>;
}
