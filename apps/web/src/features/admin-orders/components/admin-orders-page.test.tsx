import { formatOrderDateTime } from '../../../lib/format-order-date';
import { OrderMessages } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import {
  adminOrdersServer,
  makeAdminOrder,
  makeUnmatchedPayment,
  unmatchedPaymentsRoute,
} from '../testing/fixtures';
import { AdminOrdersPage } from './admin-orders-page';

// A new Toaster replays the toasts still active; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

function renderOrders() {
  return renderRoutes([{ path: '/orders', element: <AdminOrdersPage /> }], {
    initialEntry: '/orders',
  });
}

/** The data rows of the grid (the header row excluded). */
const dataRows = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-id'));

const rowOf = (id: string) => {
  const row = screen.getByRole('grid').querySelector(`[role="row"][data-id="${id}"]`);
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${id}`);
  return within(row);
};

const cellText = (id: string, field: string) =>
  screen.getByRole('grid').querySelector(`[role="row"][data-id="${id}"] [data-field="${field}"]`)
    ?.textContent;

describe('all customer orders', () => {
  test('shows "Loading orders..." while loading, then the orders with their columns', async () => {
    const list = deferredResponse();
    stubFetch({
      'GET /api/orders': () => list.promise,
      'GET /api/orders/unmatched-payments': unmatchedPaymentsRoute(),
    });
    renderOrders();

    expect(
      screen.getByRole('heading', { level: 1, name: 'All Customer Orders' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');

    const order = makeAdminOrder({
      user: { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com' },
      product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
      amountCents: 1250,
    });
    const orphan = makeAdminOrder({ product: null, amountCents: 99 });
    list.resolve(jsonResponse({ orders: [order, orphan], total: 2, page: 1, pages: 1 }));

    expect(await screen.findByText('Pocket Atlas')).toBeInTheDocument();
    expect(screen.queryByText('Loading orders...')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('grid'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order', 'Customer', 'Product', 'Amount', 'Status', 'Date', 'Actions']);
    expect(cellText(order._id, 'orderNumber')).toBe(`#${order.orderNumber}`);
    const row = rowOf(order._id);
    expect(row.getByText('Ada Buyer')).toBeInTheDocument();
    expect(row.getByText('ada@example.com')).toBeInTheDocument();
    expect(cellText(order._id, 'amountCents')).toBe('$12.50');
    // The time of day too, in the reader's zone.
    expect(cellText(order._id, 'createdAt')).toBe(formatOrderDateTime(order.createdAt));
    expect(cellText(order._id, 'createdAt')).toMatch(/^Jan 2, 2026, \d{1,2}:\d\d\s?[AP]M$/);
    expect(row.getByText('Paid')).toBeInTheDocument();
    expect(row.getByRole('button', { name: `Delete order ${order._id}` })).toBeInTheDocument();

    expect(cellText(orphan._id, 'product')).toBe('Product Not Found');
    expect(cellText(orphan._id, 'amountCents')).toBe('$0.99');
  });

  test('the four statuses are chips, and any other value is "Unknown"', async () => {
    const orders = (['pending', 'paid', 'canceled', 'refunded', 'disputed'] as const).map(
      (status) => makeAdminOrder({ status }),
    );
    stubFetch(adminOrdersServer(orders).routes);
    renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(5));
    expect(orders.map((order) => cellText(order._id, 'status'))).toEqual([
      'Pending',
      'Paid',
      'Canceled',
      'Refunded',
      'Unknown',
    ]);
  });

  test.each([
    ['with the server message', () => jsonResponse({ message: 'Admins only', code: 'X' }, 403)],
    ['without one', () => htmlResponse(400)],
  ])('a failed load shows "Failed to load orders." %s', async (_, respond) => {
    stubFetch({
      'GET /api/orders': respond,
      'GET /api/orders/unmatched-payments': unmatchedPaymentsRoute(),
    });
    renderOrders();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to load orders\./);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  test('a failed load adds the server message under the title', async () => {
    stubFetch({
      'GET /api/orders': () => jsonResponse({ message: 'Admins only', code: 'FORBIDDEN' }, 403),
      'GET /api/orders/unmatched-payments': unmatchedPaymentsRoute(),
    });
    renderOrders();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load orders.Admins only');
  });

  test('pages on the server: 10 by default, page sizes 5, 10 and 20', async () => {
    const server = adminOrdersServer(Array.from({ length: 23 }, () => makeAdminOrder()));
    stubFetch(server.routes);
    const { user } = renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(server.listCalls[0]).toBe('?page=1&limit=10');
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();

    // The grid shows the page size selector from the sm breakpoint up, a media query jsdom skips.
    await user.click(screen.getByRole('combobox', { name: 'Rows per page:', hidden: true }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '20']);
    await user.click(options[2]!);

    await waitFor(() => expect(dataRows()).toHaveLength(20));
    expect(server.listCalls.at(-1)).toBe('?page=1&limit=20');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(server.listCalls.at(-1)).toBe('?page=2&limit=20');
  });
});

describe('deleting an order', () => {
  test('asks first, then deletes, toasts "Order deleted successfully!" and refetches', async () => {
    const doomed = makeAdminOrder();
    const keeper = makeAdminOrder();
    const server = adminOrdersServer([doomed, keeper]);
    const deleted: string[] = [];
    stubFetch({
      ...server.routes,
      [`DELETE /api/orders/${doomed._id}`]: () => {
        deleted.push(doomed._id);
        server.orders = server.orders.filter((order) => order._id !== doomed._id);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderOrders();

    await user.click(await screen.findByRole('button', { name: `Delete order ${doomed._id}` }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Are you sure?' }));
    expect(dialog.getByText("You won't be able to revert this!")).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(deleted).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('Order deleted successfully!')).toBeInTheDocument();
    expect(deleted).toEqual([doomed._id]);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(rowOf(keeper._id).getByText(keeper.user!.name)).toBeInTheDocument();
    expect(server.listCalls).toHaveLength(2);
  });

  test('Cancel keeps the order and calls nobody', async () => {
    const order = makeAdminOrder();
    const fetchMock = stubFetch(adminOrdersServer([order]).routes);
    const { user } = renderOrders();

    await user.click(await screen.findByRole('button', { name: `Delete order ${order._id}` }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    expect(dataRows()).toHaveLength(1);
  });

  test.each([
    [
      'the server message',
      () => jsonResponse({ message: 'Order not found', code: 'NOT_FOUND' }, 404),
      'Error deleting order: Order not found',
    ],
    [
      'the server’s refusal of a paid order',
      () => jsonResponse({ message: OrderMessages.paidNotDeletable, code: 'CONFLICT' }, 409),
      'Error deleting order: A paid order cannot be deleted. Refund it first.',
    ],
    [
      'the fallback text',
      () => htmlResponse(400),
      'Error deleting order: An unexpected error occurred.',
    ],
  ])('a failure toasts "Error deleting order: {message}" with %s', async (_, respond, text) => {
    const order = makeAdminOrder();
    stubFetch({
      ...adminOrdersServer([order]).routes,
      [`DELETE /api/orders/${order._id}`]: respond,
    });
    const { user } = renderOrders();

    await user.click(await screen.findByRole('button', { name: `Delete order ${order._id}` }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Order deleted successfully!')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(dataRows()).toHaveLength(1);
  });

  test('deleting the last order of a later page shows the page before', async () => {
    const orders = Array.from({ length: 11 }, () => makeAdminOrder());
    const last = orders[10]!;
    const server = adminOrdersServer(orders);
    stubFetch({
      ...server.routes,
      [`DELETE /api/orders/${last._id}`]: () => {
        server.orders = server.orders.filter((order) => order._id !== last._id);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await user.click(await screen.findByRole('button', { name: `Delete order ${last._id}` }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('Order deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(server.listCalls.at(-1)).toBe('?page=1&limit=10');
  });
});

/** Answers a POST on one order's action (`refund`, `grant-access`) and records each request. */
function orderAction(respond: (request: Request) => Response) {
  const requests: { method: string; path: string; body: string }[] = [];
  const handler = async (request: Request) => {
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: await request.text(),
    });
    return respond(request);
  };
  return Object.assign(handler, { requests });
}

const postsIn = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('refunding an order', () => {
  test('asks first, naming buyer, amount and product; then refunds, toasts and refetches', async () => {
    const order = makeAdminOrder({
      user: { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com' },
      product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
      amountCents: 1250,
    });
    const server = adminOrdersServer([order]);
    const refund = orderAction(() => {
      const refunded = { ...order, status: 'refunded', canRefund: false };
      server.orders = [refunded];
      return jsonResponse(refunded);
    });
    stubFetch({ ...server.routes, [`POST /api/orders/${order._id}/refund`]: refund });
    const { user } = renderOrders();

    await user.click(await screen.findByRole('button', { name: `Refund order ${order._id}` }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Refund this order?' }));
    expect(
      dialog.getByText('Ada Buyer gets $12.50 back and can no longer download Pocket Atlas.'),
    ).toBeInTheDocument();
    expect(refund.requests).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Yes, refund it!' }));

    expect(await screen.findByText('Order refunded successfully!')).toBeInTheDocument();
    expect(refund.requests).toEqual([
      { method: 'POST', path: `/api/orders/${order._id}/refund`, body: '' },
    ]);
    await waitFor(() => expect(cellText(order._id, 'status')).toBe('Refunded'));
    expect(server.listCalls).toHaveLength(2);
    expect(
      rowOf(order._id).queryByRole('button', { name: `Refund order ${order._id}` }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  test('only orders the server calls refundable offer a refund', async () => {
    const paid = makeAdminOrder({ status: 'paid', canRefund: true });
    const refunded = makeAdminOrder({ status: 'refunded', canRefund: false });
    const pending = makeAdminOrder({ status: 'pending', canRefund: false });
    stubFetch(adminOrdersServer([paid, refunded, pending]).routes);
    renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(screen.getAllByRole('button', { name: /^Refund order / })).toEqual([
      rowOf(paid._id).getByRole('button', { name: `Refund order ${paid._id}` }),
    ]);
  });

  test('a paid order downloads its invoice; a refunded one its credit note too', async () => {
    const paid = makeAdminOrder({ status: 'paid' });
    const refunded = makeAdminOrder({ status: 'refunded', canRefund: false });
    // Money returned for an order that was never paid: neither document.
    const flagged = makeAdminOrder({ status: 'refunded', paidAt: null, canRefund: false });
    stubFetch(adminOrdersServer([paid, refunded, flagged]).routes);
    renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(3));
    const hrefs = (id: string) =>
      rowOf(id)
        .queryAllByRole('link')
        .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    expect(hrefs(paid._id)).toEqual([
      [`Download the invoice of order #${paid.orderNumber}`, `/api/orders/${paid._id}/invoice.pdf`],
    ]);
    expect(hrefs(refunded._id)).toEqual([
      [
        `Download the invoice of order #${refunded.orderNumber}`,
        `/api/orders/${refunded._id}/invoice.pdf`,
      ],
      [
        `Download the credit note of order #${refunded.orderNumber}`,
        `/api/orders/${refunded._id}/credit-note.pdf`,
      ],
    ]);
    expect(hrefs(flagged._id)).toEqual([]);
  });

  test('Cancel keeps the order and sends nothing', async () => {
    const order = makeAdminOrder();
    const fetchMock = stubFetch(adminOrdersServer([order]).routes);
    const { user } = renderOrders();

    await user.click(await screen.findByRole('button', { name: `Refund order ${order._id}` }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Refund this order?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(postsIn(fetchMock)).toHaveLength(0);
    expect(fetchMock.unexpected).toEqual([]);
    expect(cellText(order._id, 'status')).toBe('Paid');
  });

  test.each([
    [
      'the server message',
      () =>
        jsonResponse({ message: 'This order has already been refunded.', code: 'CONFLICT' }, 409),
      'Error refunding order: This order has already been refunded.',
    ],
    [
      'the fallback text',
      () => htmlResponse(502),
      'Error refunding order: An unexpected error occurred.',
    ],
  ])('a failure toasts "Error refunding order: {message}" with %s', async (_, respond, text) => {
    const order = makeAdminOrder();
    const refund = orderAction(respond);
    stubFetch({
      ...adminOrdersServer([order]).routes,
      [`POST /api/orders/${order._id}/refund`]: refund,
    });
    const { user } = renderOrders();

    await user.click(await screen.findByRole('button', { name: `Refund order ${order._id}` }));
    await user.click(await screen.findByRole('button', { name: 'Yes, refund it!' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(refund.requests).toHaveLength(1);
    expect(screen.queryByText('Order refunded successfully!')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cellText(order._id, 'status')).toBe('Paid');
  });
});

describe('orders that need review', () => {
  test('"Needs review" asks the server for flagged orders only, from page 1', async () => {
    const flagged = makeAdminOrder({ status: 'pending', reviewReason: 'paid after cancel' });
    const disputed = makeAdminOrder({ dispute: 'open' });
    const others = Array.from({ length: 11 }, () => makeAdminOrder());
    const server = adminOrdersServer([...others, flagged, disputed]);
    stubFetch(server.routes);
    const { user } = renderOrders();

    const filter = within(await screen.findByRole('group', { name: 'Which orders to show' }));
    expect(filter.getByRole('button', { name: 'All orders' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(server.listCalls.at(-1)).toBe('?page=2&limit=10');

    await user.click(filter.getByRole('button', { name: 'Needs review' }));

    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(server.listCalls.at(-1)).toBe('?review=true&page=1&limit=10');
    expect(dataRows().map((row) => row.getAttribute('data-id'))).toEqual([
      flagged._id,
      disputed._id,
    ]);
    expect(filter.getByRole('button', { name: 'Needs review' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('with nothing to review, the review list says so', async () => {
    stubFetch(adminOrdersServer([makeAdminOrder()]).routes);
    const { user } = renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Needs review' }));

    expect(await screen.findByText('No orders need review.')).toBeInTheDocument();
  });

  test('a flagged row shows why; "Grant access" posts, toasts and refetches', async () => {
    const reason = 'provider charged 1000 but the order is 1250';
    const flagged = makeAdminOrder({ status: 'pending', reviewReason: reason, canRefund: true });
    const plain = makeAdminOrder();
    const server = adminOrdersServer([flagged, plain]);
    const grant = orderAction(() => {
      const granted = { ...flagged, status: 'paid', reviewReason: null };
      server.orders = [granted, plain];
      return jsonResponse(granted);
    });
    stubFetch({ ...server.routes, [`POST /api/orders/${flagged._id}/grant-access`]: grant });
    const { user } = renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(cellText(flagged._id, 'status')).toBe(`PendingNeeds review${reason}`);
    expect(cellText(plain._id, 'status')).toBe('Paid');
    expect(
      rowOf(plain._id).queryByRole('button', { name: /^Grant access/ }),
    ).not.toBeInTheDocument();

    await user.click(
      rowOf(flagged._id).getByRole('button', { name: `Grant access to order ${flagged._id}` }),
    );

    expect(
      await screen.findByText('Access granted: the buyer can download the file.'),
    ).toBeInTheDocument();
    expect(grant.requests).toEqual([
      { method: 'POST', path: `/api/orders/${flagged._id}/grant-access`, body: '' },
    ]);
    await waitFor(() => expect(cellText(flagged._id, 'status')).toBe('Paid'));
    expect(server.listCalls).toHaveLength(2);
  });

  test('a failed grant toasts "Error granting access: {message}"', async () => {
    const flagged = makeAdminOrder({ status: 'pending', reviewReason: 'paid after cancel' });
    stubFetch({
      ...adminOrdersServer([flagged]).routes,
      [`POST /api/orders/${flagged._id}/grant-access`]: () =>
        jsonResponse({ message: 'This order needs no review.', code: 'CONFLICT' }, 409),
    });
    const { user } = renderOrders();

    await user.click(
      await screen.findByRole('button', { name: `Grant access to order ${flagged._id}` }),
    );

    expect(
      await screen.findByText('Error granting access: This order needs no review.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Access granted: the buyer can download the file.'),
    ).not.toBeInTheDocument();
  });

  test('an open dispute shows "Disputed"; a settled one does not', async () => {
    const open = makeAdminOrder({ dispute: 'open' });
    const won = makeAdminOrder({ dispute: 'won' });
    stubFetch(adminOrdersServer([open, won]).routes);
    renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(cellText(open._id, 'status')).toBe('PaidDisputed');
    expect(cellText(won._id, 'status')).toBe('Paid');
  });
});

describe('payments without an order', () => {
  test('are listed in a warning for the owner to refund at the provider', async () => {
    const payment = makeUnmatchedPayment({
      amountCents: 4200,
      paymentIntentId: 'pi_3Abc',
      createdAt: '2026-01-03T12:00:00.000Z',
      reason: 'the order was deleted before the payment arrived',
    });
    stubFetch({
      ...adminOrdersServer([makeAdminOrder()]).routes,
      'GET /api/orders/unmatched-payments': unmatchedPaymentsRoute([payment]),
    });
    renderOrders();

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('A payment arrived for an order the store no longer has'),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('Refund it at your payment provider');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '$42.00 · pi_3Abc (stripe) · Jan 3, 2026 · the order was deleted before the payment arrived',
    ]);
  });

  test('none: no warning', async () => {
    const fetchMock = stubFetch(adminOrdersServer([makeAdminOrder()]).routes);
    renderOrders();

    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        '/api/orders/unmatched-payments',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the failed email reminder', () => {
  test('shows how many emails failed, with the way to review them', async () => {
    const server = adminOrdersServer([makeAdminOrder()]);
    stubFetch({
      ...server.routes,
      'GET /api/admin/mail': () =>
        jsonResponse({ mails: [], total: 2, page: 1, pages: 1, failed: 2, delivery: 'smtp' }),
    });
    renderOrders();
    expect(await screen.findByText('2 emails could not be sent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      '/email?status=failed',
    );
  });

  test('stays hidden when nothing failed', async () => {
    stubFetch(adminOrdersServer([makeAdminOrder()]).routes);
    renderOrders();
    await screen.findAllByRole('row');
    expect(screen.queryByText(/could not be sent/)).not.toBeInTheDocument();
  });
});

describe('download limits', () => {
  test('shows downloads used; Reset downloads gives them back and toasts', async () => {
    const order = makeAdminOrder({ downloads: { used: 2, limit: 2 } });
    const server = adminOrdersServer([order]);
    const reset: string[] = [];
    stubFetch({
      ...server.routes,
      [`POST /api/orders/${order._id}/reset-downloads`]: () => {
        reset.push(order._id);
        const fresh = { ...order, downloads: { used: 0, limit: 2 } };
        server.orders = [fresh];
        return jsonResponse(fresh);
      },
    });
    const { user } = renderOrders();
    expect(await screen.findByText('2 of 2 downloads used')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Reset downloads of order ${order._id}` }));
    expect(
      await screen.findByText('Download count reset: the buyer can download again.'),
    ).toBeInTheDocument();
    expect(reset).toEqual([order._id]);
    expect(await screen.findByText('0 of 2 downloads used')).toBeInTheDocument();
  });
});
