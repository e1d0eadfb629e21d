import type { SalesResponse } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { SalesPage } from './sales-page';

// The chart draws SVG with measured layout; the browser tests see it. Here: its input
// (__mocks__/sales-chart.tsx).
vi.mock('./sales-chart');

const sales = (overrides: Partial<SalesResponse> = {}): SalesResponse => ({
  from: '2026-11-23',
  to: '2026-11-25',
  timeZone: 'UTC',
  currency: 'USD',
  revenueCents: 2400,
  taxCents: 0,
  refundedCents: 400,
  discountCents: 0,
  orders: 3,
  days: [
    { date: '2026-11-23', revenueCents: 0, taxCents: 0, orders: 0 },
    { date: '2026-11-24', revenueCents: 2000, taxCents: 0, orders: 2 },
    { date: '2026-11-25', revenueCents: 400, taxCents: 0, orders: 1 },
  ],
  topProducts: [
    { productId: 'p1', title: 'Atlas', revenueCents: 2000, orders: 2 },
    { productId: 'p2', title: 'Guide', revenueCents: 400, orders: 1 },
  ],
  currencies: [
    {
      currency: 'USD',
      revenueCents: 2400,
      taxCents: 0,
      discountCents: 0,
      refundedCents: 400,
      orders: 3,
    },
  ],
  ...overrides,
});

function renderSales(initialEntry = '/sales') {
  const requests: string[] = [];
  const fetch = stubFetch({
    'GET /api/admin/sales': (request) => {
      const search = new URL(request.url).search;
      requests.push(search);
      const params = new URLSearchParams(search);
      return jsonResponse(
        sales(params.has('from') ? { from: params.get('from')!, to: params.get('to')! } : {}),
      );
    },
  });
  const view = renderRoutes([{ path: '/sales', element: <SalesPage /> }], { initialEntry });
  return { ...view, requests, fetch };
}

describe('the sales page', () => {
  test('shows the totals, the chart, the figures per day and the top products', async () => {
    renderSales();
    expect(screen.getByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    const totals = within(await screen.findByRole('group', { name: 'Totals' }));
    expect(totals.getByText('Revenue').nextSibling).toHaveTextContent('$24.00');
    expect(totals.getByText('Orders').nextSibling).toHaveTextContent('3');
    expect(totals.getByText('Refunded').nextSibling).toHaveTextContent('$4.00');
    // No code was used: no discount figure.
    expect(totals.queryByText('Discounts given')).toBeNull();
    expect(await screen.findByTestId('chart')).toHaveTextContent(
      '2026-11-23 0+0,2026-11-24 2000+0,2026-11-25 400+0',
    );
    const perDay = within(screen.getByRole('table', { name: 'Revenue per day' }));
    expect(perDay.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DateOrdersRevenue',
      '2026-11-230$0.00',
      '2026-11-242$20.00',
      '2026-11-251$4.00',
    ]);
    const top = within(screen.getByRole('table', { name: 'Top products' }));
    expect(top.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ProductOrdersRevenue',
      'Atlas2$20.00',
      'Guide1$4.00',
    ]);
  });

  test('discounts given show beside the totals once a code was used', async () => {
    stubFetch({ 'GET /api/admin/sales': () => jsonResponse(sales({ discountCents: 300 })) });
    renderRoutes([{ path: '/sales', element: <SalesPage /> }], { initialEntry: '/sales' });
    const totals = within(await screen.findByRole('group', { name: 'Totals' }));
    expect(totals.getByText('Discounts given').nextSibling).toHaveTextContent('$3.00');
  });

  test('the range comes from the address; Show and the presets put a new one there', async () => {
    const { user, requests } = renderSales('/sales?from=2026-11-01&to=2026-11-25');
    await screen.findByRole('group', { name: 'Totals' });
    expect(requests[0]).toBe('?from=2026-11-01&to=2026-11-25');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(requests).toContain('?from=2026-11-19&to=2026-11-25'));
    await user.click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(requests).toContain('?from=2026-01-01&to=2026-11-25'));

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(requests).toContain('?from=2026-10-01&to=2026-11-25'));
  });

  test('a range without sales says so', async () => {
    stubFetch({
      'GET /api/admin/sales': () =>
        jsonResponse(
          sales({
            revenueCents: 0,
            refundedCents: 0,
            orders: 0,
            days: [{ date: '2026-11-25', revenueCents: 0, taxCents: 0, orders: 0 }],
            topProducts: [],
          }),
        ),
    });
    renderRoutes([{ path: '/sales', element: <SalesPage /> }], { initialEntry: '/sales' });
    expect(await screen.findByText('No paid orders in this range.')).toBeInTheDocument();
    expect(screen.getByText('No sales in this range.')).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
  });

  test('a refused range shows the server’s message', async () => {
    stubFetch({
      'GET /api/admin/sales': () =>
        jsonResponse({ message: 'The range can span at most 366 days.', code: 'BAD_REQUEST' }, 400),
    });
    renderRoutes([{ path: '/sales', element: <SalesPage /> }], {
      initialEntry: '/sales?from=2020-01-01&to=2026-01-01',
    });
    expect(await screen.findByText('Failed to load sales.')).toBeInTheDocument();
    expect(screen.getByText('The range can span at most 366 days.')).toBeInTheDocument();
    // The range stays in view to be corrected.
    expect(screen.getByLabelText('From')).toHaveValue('2020-01-01');
  });
});
