import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { makePurchase } from '../testing/fixtures';
import { MyOrdersPage } from './my-orders-page';

function renderMyOrders(purchases: ReturnType<typeof makePurchase>[]) {
  stubFetch({
    'GET /api/orders/myorders': () =>
      jsonResponse({ purchases, total: purchases.length, page: 1, pages: 1 }),
  });
  return renderRoutes([{ path: '/my-orders', element: <MyOrdersPage /> }], {
    initialEntry: '/my-orders',
  });
}

/** The Amount cell of the row naming `title`. */
async function amountCellOf(title: string) {
  const row = (await screen.findByRole('link', { name: title })).closest('tr')!;
  return within(row).getAllByRole('cell')[1]!;
}

describe('the amount in My Orders', () => {
  test('a taxed order says under its total how much tax it includes', async () => {
    renderMyOrders([
      makePurchase({
        product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
        amountCents: 2388,
        subtotalCents: 1990,
        taxCents: 398,
        currency: 'EUR',
        buyerCountry: 'FR',
      }),
    ]);
    const cell = await amountCellOf('Pocket Atlas');
    expect(cell).toHaveTextContent(/^€23\.88incl\. €3\.98 tax$/);
    expect(within(cell).getByText('incl. €3.98 tax')).toHaveClass('MuiTypography-caption');
  });

  test('an order without tax shows its amount alone, as before', async () => {
    renderMyOrders([
      makePurchase({
        product: { _id: 'p2', title: 'Star Charts', image: [], onSale: true },
        amountCents: 1250,
      }),
    ]);
    const cell = await amountCellOf('Star Charts');
    expect(cell).toHaveTextContent(/^\$12\.50$/);
  });
});
