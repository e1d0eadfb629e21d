import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { makePurchase, myOrdersServer } from '../testing/fixtures';
import { MyOrdersPage } from './my-orders-page';

// A new Toaster replays the toasts still active; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

function renderMyOrders(initialEntry = '/my-orders') {
  return renderRoutes([{ path: '/my-orders', element: <MyOrdersPage /> }], { initialEntry });
}

const table = () => screen.getByRole('table', { name: 'My Orders' });

/** The body rows of the table (the header row excluded). */
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};

/** The cell of the Status column (on phones the chip also shows under the title). */
const statusCellOf = (text: string) => rowOf(text).getAllByRole('cell')[2]!;

/** Replaces the browser's navigation, where a download link is sent. */
function stubNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('my orders', () => {
  test('shows a loading state, then the orders with image, title, amount and date', async () => {
    const list = deferredResponse();
    stubFetch({ 'GET /api/orders/myorders': () => list.promise });
    renderMyOrders();

    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders...');

    const order = makePurchase({
      product: {
        _id: 'p1',
        title: 'Pocket Atlas',
        image: ['/media/images/atlas/original.png'],
        onSale: true,
      },
      amountCents: 1250,
      createdAt: '2026-01-02T12:00:00.000Z',
    });
    list.resolve(jsonResponse({ purchases: [order], total: 1, page: 1, pages: 1 }));

    expect(await screen.findByRole('link', { name: 'Pocket Atlas' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product', 'Amount', 'Status', 'Date', 'Actions']);
    const row = rowOf('Pocket Atlas');
    expect(row.getByText('$12.50')).toBeInTheDocument();
    expect(statusCellOf('Pocket Atlas')).toHaveTextContent(/^Paid$/);
    // Date and time, in the reader's language and time zone (the tests run in English).
    expect(
      row.getByText(/^Jan 2, 2026, \d{1,2}:\d{2}\s?(AM|PM)$/, { selector: 'time' }),
    ).toHaveAttribute('datetime', '2026-01-02T12:00:00.000Z');
    // The 48 by 48 thumbnail variant of the first image.
    const image = screen.getByText('Pocket Atlas').closest('td')?.querySelector('img');
    expect(image).toHaveAttribute('src', '/media/images/atlas/thumb.webp');
    expect(image).toHaveAttribute('width', '48');
    expect(image).toHaveAttribute('height', '48');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('amounts are cents divided by 100 with two decimals', async () => {
    const server = myOrdersServer([
      makePurchase({ amountCents: 1900 }),
      makePurchase({ amountCents: 5 }),
      makePurchase({ amountCents: 123456 }),
    ]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    renderMyOrders();

    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const amounts = bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(amounts).toEqual(['$19.00', '$0.05', '$1,234.56']);
  });

  test('an order whose product is gone shows "Product Not Found"', async () => {
    const server = myOrdersServer([makePurchase({ product: null, amountCents: 700 })]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    renderMyOrders();

    expect(await screen.findByText('Product Not Found')).toBeInTheDocument();
    expect(rowOf('Product Not Found').getByText('$7.00')).toBeInTheDocument();
  });

  test('a product taken off sale shows its title as text, "No longer sold", and its download', async () => {
    const server = myOrdersServer([
      makePurchase({ product: { _id: 'p1', title: 'Old Atlas', image: [], onSale: false } }),
    ]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    renderMyOrders();

    expect(await screen.findByText('Old Atlas')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Old Atlas' })).not.toBeInTheDocument();
    expect(rowOf('Old Atlas').getByText('No longer sold')).toBeInTheDocument();
    expect(rowOf('Old Atlas').getByRole('button', { name: 'Download Old Atlas' })).toBeEnabled();
  });

  test('each of the four statuses has its chip; only paid orders offer a download', async () => {
    const server = myOrdersServer([
      makePurchase({
        status: 'pending',
        product: { _id: 'a', title: 'Alpha', image: [], onSale: true },
      }),
      makePurchase({
        status: 'paid',
        product: { _id: 'b', title: 'Bravo', image: [], onSale: true },
      }),
      makePurchase({
        status: 'canceled',
        product: { _id: 'c', title: 'Charlie', image: [], onSale: true },
      }),
      makePurchase({
        status: 'refunded',
        product: { _id: 'd', title: 'Delta', image: [], onSale: true },
      }),
    ]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    renderMyOrders();

    await screen.findByText('Alpha');
    const titles = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
    expect(titles.map((title) => statusCellOf(title).textContent)).toEqual([
      'Pending',
      'Paid',
      'Canceled',
      'Refunded',
    ]);
    // Four different looks, not only four words.
    const colours = titles.map(
      (title) => getComputedStyle(statusCellOf(title).querySelector('.MuiChip-root')!).color,
    );
    expect(new Set(colours).size).toBe(4);

    expect(screen.getAllByRole('button', { name: /^Download/ })).toHaveLength(1);
    expect(rowOf('Bravo').getByRole('button', { name: 'Download Bravo' })).toBeInTheDocument();
  });

  test('a paid order under an open dispute shows the dispute note instead of Download', async () => {
    const server = myOrdersServer([
      makePurchase({
        dispute: 'open',
        product: { _id: 'a', title: 'Alpha', image: [], onSale: true },
      }),
      makePurchase({
        dispute: 'won',
        product: { _id: 'b', title: 'Bravo', image: [], onSale: true },
      }),
    ]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    renderMyOrders();

    await screen.findByText('Alpha');
    expect(statusCellOf('Alpha')).toHaveTextContent(/^Paid$/);
    const actionsOf = (title: string) => rowOf(title).getAllByRole('cell')[4]!;
    // Issue 26: every paid order links its invoice.
    expect(actionsOf('Alpha')).toHaveTextContent(/^Payment disputed: downloads are pausedInvoice$/);
    expect(rowOf('Alpha').queryByRole('button')).not.toBeInTheDocument();
    // A dispute the store won lets the buyer download again.
    expect(actionsOf('Bravo')).toHaveTextContent(/^DownloadEmail me the receiptInvoice$/);
    expect(screen.getAllByRole('button', { name: /^Download/ })).toEqual([
      rowOf('Bravo').getByRole('button', { name: 'Download Bravo' }),
    ]);
  });

  test('a download limit shows what is used; at the limit, the message replaces Download', async () => {
    const server = myOrdersServer([
      makePurchase({
        downloads: { used: 1, limit: 3 },
        product: { _id: 'a', title: 'Alpha', image: [], onSale: true },
      }),
      makePurchase({
        downloads: { used: 2, limit: 2 },
        product: { _id: 'b', title: 'Bravo', image: [], onSale: true },
      }),
      makePurchase({
        downloads: { used: 9, limit: null },
        product: { _id: 'c', title: 'Charlie', image: [], onSale: true },
      }),
    ]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    renderMyOrders();

    await screen.findByText('Alpha');
    const actionsOf = (title: string) => rowOf(title).getAllByRole('cell')[4]!;
    expect(actionsOf('Alpha')).toHaveTextContent(
      /^Download1 of 3 downloads usedEmail me the receiptInvoice$/,
    );
    expect(actionsOf('Bravo')).toHaveTextContent(
      /^Download limit reached for this order\.Invoice$/,
    );
    expect(rowOf('Bravo').queryByRole('button')).not.toBeInTheDocument();
    expect(actionsOf('Charlie')).toHaveTextContent(/^DownloadEmail me the receiptInvoice$/);
  });

  test('pages on the server: 10 by default, page sizes 5 and 10', async () => {
    const server = myOrdersServer(Array.from({ length: 12 }, () => makePurchase()));
    stubFetch({ 'GET /api/orders/myorders': server.list });
    const { user } = renderMyOrders();

    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(server.listCalls).toEqual(['?page=1&limit=10']);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10']);
    await user.click(options[0]!);

    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(server.listCalls.at(-1)).toBe('?page=1&limit=5');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(screen.getByText('6–10 of 12')).toBeInTheDocument());
    expect(server.listCalls.at(-1)).toBe('?page=2&limit=5');
  });

  test('no orders yet: says so, with a link to the products', async () => {
    stubFetch({
      'GET /api/orders/myorders': () =>
        jsonResponse({ purchases: [], total: 0, page: 1, pages: 1 }),
    });
    renderMyOrders();

    expect(await screen.findByText("You haven't bought anything yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test.each([
    [
      'the server message',
      () => jsonResponse({ message: 'Orders are resting', code: 'X' }, 400),
      'Orders are resting',
    ],
    ['"Failed to fetch orders." without one', () => htmlResponse(400), 'Failed to fetch orders.'],
  ])('a failed load shows %s', async (_, respond, message) => {
    stubFetch({ 'GET /api/orders/myorders': respond });
    renderMyOrders();

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('downloading a paid order', () => {
  test('asks the server for a fresh link and sends the browser to it', async () => {
    const order = makePurchase({
      product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
    });
    const server = myOrdersServer([order]);
    const calls: string[] = [];
    stubFetch({
      'GET /api/orders/myorders': server.list,
      [`POST /api/orders/${order._id}/download-link`]: (request) => {
        calls.push(request.method);
        return jsonResponse({ downloadUrl: '/api/downloads/fresh', expiresAt: '2099-01-01' });
      },
    });
    const assign = stubNavigation();
    const { user } = renderMyOrders();

    await user.click(await screen.findByRole('button', { name: 'Download Pocket Atlas' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/downloads/fresh'));
    expect(calls).toEqual(['POST']);
  });

  test.each([
    [
      'the server message',
      () => jsonResponse({ message: 'This order is not paid', code: 'X' }, 409),
      'This order is not paid',
    ],
    ['the fallback text', () => htmlResponse(400), "We couldn't generate your download link."],
  ])('a failure toasts %s and stays on the page', async (_, respond, message) => {
    const order = makePurchase({
      product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
    });
    stubFetch({
      'GET /api/orders/myorders': myOrdersServer([order]).list,
      [`POST /api/orders/${order._id}/download-link`]: respond,
    });
    const assign = stubNavigation();
    const { user } = renderMyOrders();

    await user.click(await screen.findByRole('button', { name: 'Download Pocket Atlas' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download Pocket Atlas' })).toBeEnabled();
  });
});

describe('my orders: completing a payment, canceled checkouts, the page in the address', () => {
  test('a pending order with an open checkout offers "Complete payment" linking to it', async () => {
    const open = makePurchase({
      product: { _id: 'p1', title: 'Open Checkout', image: [], onSale: true },
      status: 'pending',
      paidAt: null,
      checkoutUrl: 'http://localhost/checkout/test/cs_test_abc',
    });
    const expired = makePurchase({
      product: { _id: 'p2', title: 'Expired Checkout', image: [], onSale: true },
      status: 'pending',
      paidAt: null,
      checkoutUrl: null,
    });
    stubFetch({
      'GET /api/orders/myorders': () =>
        jsonResponse({ purchases: [open, expired], total: 2, page: 1, pages: 1 }),
    });
    renderMyOrders();

    await screen.findByText('Open Checkout');
    const links = rowOf('Open Checkout').getAllByRole('link', { name: 'Complete payment' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute('href', 'http://localhost/checkout/test/cs_test_abc');
    }
    expect(rowOf('Expired Checkout').queryByRole('link', { name: 'Complete payment' })).toBeNull();
  });

  test('canceled checkouts are asked for only when the switch is on, kept in the address', async () => {
    const server = myOrdersServer([makePurchase()]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    const { user, router } = renderMyOrders('/my-orders?page=1');

    const toggle = await screen.findByRole('switch', { name: 'Show canceled checkouts' });
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(server.listCalls).toEqual(['?page=1&limit=10']));

    await user.click(toggle);
    await waitFor(() => expect(server.listCalls.at(-1)).toBe('?page=1&limit=10&include=canceled'));
    expect(router.state.location.search).toBe('?include=canceled');
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  test('the switch comes back on from the address', async () => {
    const server = myOrdersServer([makePurchase()]);
    stubFetch({ 'GET /api/orders/myorders': server.list });
    renderMyOrders('/my-orders?include=canceled');
    expect(await screen.findByRole('switch', { name: 'Show canceled checkouts' })).toBeChecked();
    await waitFor(() => expect(server.listCalls).toEqual(['?page=1&limit=10&include=canceled']));
  });

  test('page and page size come from the address and go back into it', async () => {
    const server = myOrdersServer(Array.from({ length: 12 }, () => makePurchase()));
    stubFetch({ 'GET /api/orders/myorders': server.list });
    const { user, router } = renderMyOrders('/my-orders?page=2&size=5');

    await waitFor(() => expect(screen.getByText('6–10 of 12')).toBeInTheDocument());
    expect(server.listCalls).toEqual(['?page=2&limit=5']);

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(screen.getByText('11–12 of 12')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?page=3&size=5');

    // Back returns to the previous page of the table.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByText('6–10 of 12')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?page=2&size=5');
  });
});
