import type { SalesResponse } from '@bindery/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { SalesPage } from './sales-page';

// The chart draws SVG with measured layout; the browser tests see it. Here: its input
// (__mocks__/sales-chart.tsx).
vi.mock('./sales-chart');

/** Three days of a EUR store charging 20% VAT on top: €60 net, €12 tax. */
const taxedSales = (overrides: Partial<SalesResponse> = {}): SalesResponse => ({
  from: '2026-11-23',
  to: '2026-11-25',
  timeZone: 'UTC',
  currency: 'EUR',
  revenueCents: 6000,
  taxCents: 1200,
  refundedCents: 2400,
  discountCents: 0,
  orders: 3,
  days: [
    { date: '2026-11-23', revenueCents: 0, taxCents: 0, orders: 0 },
    { date: '2026-11-24', revenueCents: 4000, taxCents: 800, orders: 2 },
    { date: '2026-11-25', revenueCents: 2000, taxCents: 400, orders: 1 },
  ],
  topProducts: [{ productId: 'p1', title: 'Atlas', revenueCents: 6000, orders: 3 }],
  currencies: [
    {
      currency: 'EUR',
      revenueCents: 6000,
      taxCents: 1200,
      discountCents: 0,
      refundedCents: 2400,
      orders: 3,
    },
  ],
  ...overrides,
});

function renderSales(answer: SalesResponse) {
  stubFetch({ 'GET /api/admin/sales': () => jsonResponse(answer) });
  return renderRoutes([{ path: '/sales', element: <SalesPage /> }], { initialEntry: '/sales' });
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('sales with tax', () => {
  test('the totals show revenue net of tax and the tax collected', async () => {
    renderSales(taxedSales());
    const totals = within(await screen.findByRole('group', { name: 'Totals' }));
    expect(totals.getByText('Revenue, net of tax').nextSibling).toHaveTextContent('€60.00');
    expect(totals.getByText('Tax collected').nextSibling).toHaveTextContent('€12.00');
    expect(totals.getByText('Refunded').nextSibling).toHaveTextContent('€24.00');
    expect(totals.queryByText('Revenue')).not.toBeInTheDocument();
    expect(rowsOf('Top products')).toEqual(['ProductOrdersNet revenue', 'Atlas3€60.00']);
  });

  test('each day: its revenue net of tax and its tax, in the chart and the table', async () => {
    renderSales(taxedSales());
    expect(await screen.findByTestId('chart')).toHaveTextContent(
      '2026-11-23 0+0,2026-11-24 4000+800,2026-11-25 2000+400 stacked',
    );
    expect(rowsOf('Revenue per day')).toEqual([
      'DateOrdersRevenue, net of taxTax collected',
      '2026-11-230€0.00€0.00',
      '2026-11-242€40.00€8.00',
      '2026-11-251€20.00€4.00',
    ]);
  });

  test('per currency, when orders were paid in more than one', async () => {
    renderSales(
      taxedSales({
        currencies: [
          {
            currency: 'EUR',
            revenueCents: 6000,
            taxCents: 1200,
            discountCents: 0,
            refundedCents: 0,
            orders: 3,
          },
          {
            currency: 'USD',
            revenueCents: 1250,
            taxCents: 0,
            discountCents: 0,
            refundedCents: 0,
            orders: 1,
          },
        ],
      }),
    );
    await screen.findByRole('group', { name: 'Totals' });
    const byCurrency = within(screen.getByRole('region', { name: 'By currency' }));
    expect(byCurrency.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'CurrencyOrdersRevenue, net of taxTax collectedRefunded',
      'EUR3€60.00€12.00€0.00',
      'USD1$12.50$0.00$0.00',
    ]);
  });

  test('another currency’s tax alone still shows the tax figures', async () => {
    renderSales(
      taxedSales({
        currency: 'USD',
        revenueCents: 1250,
        taxCents: 0,
        discountCents: 0,
        currencies: [
          {
            currency: 'USD',
            revenueCents: 1250,
            taxCents: 0,
            discountCents: 0,
            refundedCents: 0,
            orders: 1,
          },
          {
            currency: 'EUR',
            revenueCents: 6000,
            taxCents: 1200,
            discountCents: 0,
            refundedCents: 0,
            orders: 3,
          },
        ],
      }),
    );
    const totals = within(await screen.findByRole('group', { name: 'Totals' }));
    expect(totals.getByText('Tax collected').nextSibling).toHaveTextContent('$0.00');
  });
});

describe('sales without tax', () => {
  test('read as they always have: no tax figures, one series', async () => {
    renderSales(
      taxedSales({
        currency: 'USD',
        taxCents: 0,
        discountCents: 0,
        days: [{ date: '2026-11-24', revenueCents: 6000, taxCents: 0, orders: 3 }],
        currencies: [
          {
            currency: 'USD',
            revenueCents: 6000,
            taxCents: 0,
            discountCents: 0,
            refundedCents: 0,
            orders: 3,
          },
        ],
      }),
    );
    const totals = within(await screen.findByRole('group', { name: 'Totals' }));
    expect(totals.getByText('Revenue').nextSibling).toHaveTextContent('$60.00');
    expect(screen.queryByText(/Tax collected|net of tax/)).not.toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent(/^2026-11-24 6000\+0$/);
    expect(rowsOf('Revenue per day')).toEqual(['DateOrdersRevenue', '2026-11-243$60.00']);
  });
});
