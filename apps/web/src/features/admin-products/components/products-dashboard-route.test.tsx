import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { ProductsDashboardRoute } from './products-dashboard-route';

test('the dashboard page is fetched on demand, behind a spinner', async () => {
  stubFetch({
    'GET /api/products': () => jsonResponse({ products: [], page: 1, pages: 1, total: 0 }),
  });
  renderRoutes([{ path: '/dashboard', element: <ProductsDashboardRoute /> }], {
    initialEntry: '/dashboard',
  });

  expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Products' }, { timeout: 5000 }),
  ).toBeInTheDocument();
});
