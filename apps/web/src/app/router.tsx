import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { AdminOrdersRoute } from '../features/admin-orders/components/admin-orders-route';
import { ProductsDashboardRoute } from '../features/admin-products/components/products-dashboard-route';
import { LoginPage } from '../features/auth/components/login-page';
import { ProductPage } from '../features/catalog/components/product-page';
import { ProductsPage } from '../features/catalog/components/products-page';
import { PaymentCanceledPage } from '../features/checkout/components/payment-canceled-page';
import { PaymentSuccessPage } from '../features/checkout/components/payment-success-page';
import { MyOrdersPage } from '../features/orders/components/my-orders-page';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/app-layout';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'login/admin', element: <LoginPage variant="admin" /> },
      { path: 'products', element: <ProductsPage /> },
      { path: 'product/:id', element: <ProductPage /> },
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
        // The payment result pages and the buyer's orders: any signed-in user (DESIGN 7).
        element: <RequireAuth roles={['user', 'admin']} />,
        children: [
          { path: 'success', element: <PaymentSuccessPage /> },
          { path: 'cancel', element: <PaymentCanceledPage /> },
          { path: 'my-orders', element: <MyOrdersPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The SPA lives under Vite's base ('/store/'), so the router's basename follows it. */
export const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
