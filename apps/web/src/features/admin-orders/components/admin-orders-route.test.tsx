import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { AdminOrdersRoute } from './admin-orders-route';

test('the orders page is fetched on demand, behind "Loading orders..."', async () => {
  stubFetch({
    'GET /api/orders': () => jsonResponse({ orders: [], total: 0, page: 1, pages: 1 }),
    'GET /api/orders/unmatched-payments': () => jsonResponse({ payments: [] }),
  });
  renderRoutes([{ path: '/orders', element: <AdminOrdersRoute /> }], {
    initialEntry: '/orders',
  });

  expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
  expect(
    await screen.findByRole(
      'heading',
      { level: 1, name: 'All Customer Orders' },
      { timeout: 5000 },
    ),
  ).toBeInTheDocument();
  expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
});
