import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { LoginPage } from '../features/auth/components/login-page';
import { AppLayout } from './layout/app-layout';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'login/admin', element: <LoginPage variant="admin" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The SPA lives under Vite's base ('/store/'), so the router's basename follows it. */
export const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
