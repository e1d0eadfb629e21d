import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { testQueryClient } from './query-client';

export type Entry = string | { pathname: string; search?: string; state?: unknown };

/**
 * Renders routes in a memory router with a fresh query client and the toast outlet; `seed`
 * fills the client first (what a page rendered by the server brings).
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntry = '/' as Entry,
    seed = (_client: QueryClient) => {},
  }: { initialEntry?: Entry; seed?: (client: QueryClient) => void } = {},
) {
  const queryClient = testQueryClient();
  seed(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, user, queryClient };
}

/** A stand-in page that shows where the router ended up, and with which state. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="pathname">{location.pathname}</p>
      <p data-testid="search">{location.search}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
    </div>
  );
}
