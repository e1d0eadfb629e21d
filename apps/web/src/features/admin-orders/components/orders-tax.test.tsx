import { DEFAULT_STORE_CONFIG } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { updateStoreConfig } from '../../../lib/store-config';
import { stubFetch } from '../../../test/fetch';
import { stubScreenWidth } from '../../../test/media';
import { renderRoutes } from '../../../test/render';
import { adminOrdersServer, makeAdminOrder } from '../testing/fixtures';
import { AdminOrdersPage } from './admin-orders-page';
import { countryName } from './order-tax';

afterEach(() => {
  toast.dismiss();
  updateStoreConfig({ locale: DEFAULT_STORE_CONFIG.locale });
});

function renderOrders() {
  return renderRoutes([{ path: '/orders', element: <AdminOrdersPage /> }], {
    initialEntry: '/orders',
  });
}

const headers = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

const cellText = (id: string, field: string) =>
  screen.getByRole('grid').querySelector(`[role="row"][data-id="${id}"] [data-field="${field}"]`)
    ?.textContent;

/** €23.88 paid by a French buyer: €19.90 net, €3.98 VAT. */
const taxed = () =>
  makeAdminOrder({
    product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
    amountCents: 2388,
    subtotalCents: 1990,
    taxCents: 398,
    currency: 'EUR',
    buyerCountry: 'FR',
    buyerTaxId: 'FR12345678901',
  });

describe('tax on the orders grid', () => {
  test('a page with tax: each taxed total says its net and tax, each customer the country', async () => {
    const order = taxed();
    const untaxed = makeAdminOrder({ amountCents: 1250 });
    stubFetch(adminOrdersServer([order, untaxed]).routes);
    renderOrders();

    await screen.findByText('Pocket Atlas');
    // The specification's columns still, so Date and the actions stay in view.
    expect(headers()).toEqual([
      'Order',
      'Customer',
      'Product',
      'Amount',
      'Status',
      'Date',
      'Actions',
    ]);
    expect(cellText(order._id, 'amountCents')).toBe('€23.88Net €19.90Tax €3.98');
    expect(cellText(order._id, 'user')).toBe(
      `${order.user!.name}${order.user!.email}Country: France`,
    );
    // An order without tax on the same page: its amount and customer as ever.
    expect(cellText(untaxed._id, 'amountCents')).toBe('$12.50');
    expect(cellText(untaxed._id, 'user')).toBe(`${untaxed.user!.name}${untaxed.user!.email}`);
  });

  test('an order billed to a country without tax says so: tax —', async () => {
    const order = makeAdminOrder({ amountCents: 1250, buyerCountry: 'US' });
    stubFetch(adminOrdersServer([order]).routes);
    renderOrders();

    await screen.findByText('Country: United States');
    expect(cellText(order._id, 'amountCents')).toBe('$12.50Net $12.50Tax —');
  });

  test('a page without tax keeps the specification’s columns', async () => {
    stubFetch(adminOrdersServer([makeAdminOrder(), makeAdminOrder()]).routes);
    renderOrders();

    await waitFor(() => expect(screen.getAllByText('Paid')).toHaveLength(2));
    expect(headers()).toEqual([
      'Order',
      'Customer',
      'Product',
      'Amount',
      'Status',
      'Date',
      'Actions',
    ]);
  });
});

describe('tax on the phone cards', () => {
  test('a taxed order’s card says net, tax and country; one without tax does not', async () => {
    stubScreenWidth(390);
    stubFetch(adminOrdersServer([taxed(), makeAdminOrder({ amountCents: 1250 })]).routes);
    renderOrders();

    const list = await screen.findByRole('list', { name: 'All customer orders' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('€23.88')).toBeInTheDocument();
    expect(within(first!).getByText('Net €19.90 · Tax €3.98 · France')).toBeInTheDocument();
    expect(within(second!).getByText('$12.50')).toBeInTheDocument();
    expect(within(second!).queryByText(/^Net /)).not.toBeInTheDocument();
  });
});

describe('country names', () => {
  test('in the store’s language, the code itself when there is no name for it', () => {
    expect(countryName('DE')).toBe('Germany');
    updateStoreConfig({ locale: 'de-DE' });
    expect(countryName('DE')).toBe('Deutschland');
    expect(countryName('XX')).toBe('XX');
    expect(countryName('not a code')).toBe('not a code');
  });
});
