import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { stubScreenWidth } from '../../../test/media';
import { renderRoutes } from '../../../test/render';
import { adminOrdersServer, makeAdminOrder } from '../testing/fixtures';
import { AdminOrdersPage } from './admin-orders-page';

afterEach(() => {
  toast.dismiss();
});

function renderOrders() {
  return renderRoutes([{ path: '/orders', element: <AdminOrdersPage /> }], {
    initialEntry: '/orders',
  });
}

const cellText = (id: string, field: string) =>
  screen.getByRole('grid').querySelector(`[role="row"][data-id="${id}"] [data-field="${field}"]`)
    ?.textContent;

/** $9.00 paid with SPRING, which took $3.00 off $12.00. */
const discounted = () =>
  makeAdminOrder({
    product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
    amountCents: 900,
    subtotalCents: 900,
    discountCode: 'SPRING',
    discountCents: 300,
  });

test('an order paid with a code names the code and what it took off, under the amount', async () => {
  const order = discounted();
  const plain = makeAdminOrder({ amountCents: 1250 });
  stubFetch(adminOrdersServer([order, plain]).routes);
  renderOrders();

  await screen.findByText('Pocket Atlas');
  expect(cellText(order._id, 'amountCents')).toBe('$9.00Code SPRING (−$3.00)');
  expect(cellText(plain._id, 'amountCents')).toBe('$12.50');
});

test('on a phone the card names the code too', async () => {
  stubScreenWidth(390);
  stubFetch(adminOrdersServer([discounted()]).routes);
  renderOrders();

  expect(await screen.findByText('Code SPRING (−$3.00)')).toBeInTheDocument();
});
