import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { adminOrdersServer, makeAdminOrder } from '../testing/fixtures';
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
    stubFetch({ 'GET /api/orders': () => list.promise });
    renderOrders();

    expect(
      screen.getByRole('heading', { level: 1, name: 'All Customer Orders' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');

    const order = makeAdminOrder({
      user: { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com' },
      product: { _id: 'p1', title: 'Pocket Atlas', image: [] },
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
    ).toEqual(['Customer', 'Product', 'Amount', 'Status', 'Date', 'Actions']);
    const row = rowOf(order._id);
    expect(row.getByText('Ada Buyer')).toBeInTheDocument();
    expect(row.getByText('ada@example.com')).toBeInTheDocument();
    expect(cellText(order._id, 'amountCents')).toBe('$12.50');
    expect(cellText(order._id, 'createdAt')).toBe('Jan 2, 2026');
    expect(row.getByText('Paid')).toBeInTheDocument();
    expect(row.getByRole('button', { name: `Delete order ${order._id}` })).toBeInTheDocument();

    expect(cellText(orphan._id, 'product')).toBe('Product Not Found');
    expect(cellText(orphan._id, 'amountCents')).toBe('$0.99');
  });

  test('the four statuses are chips, and any other value is "Unknown"', async () => {
    const orders = (['pending', 'paid', 'canceled', 'refunded', 'disputed'] as const).map(
      (status) => makeAdminOrder({ status }),
    );
    stubFetch({ 'GET /api/orders': adminOrdersServer(orders).list });
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
    stubFetch({ 'GET /api/orders': respond });
    renderOrders();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to load orders\./);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  test('a failed load adds the server message under the title', async () => {
    stubFetch({
      'GET /api/orders': () => jsonResponse({ message: 'Admins only', code: 'FORBIDDEN' }, 403),
    });
    renderOrders();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load orders.Admins only');
  });

  test('pages on the server: 10 by default, page sizes 5, 10 and 20', async () => {
    const server = adminOrdersServer(Array.from({ length: 23 }, () => makeAdminOrder()));
    stubFetch({ 'GET /api/orders': server.list });
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
      'GET /api/orders': server.list,
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
    const fetchMock = stubFetch({ 'GET /api/orders': adminOrdersServer([order]).list });
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
      'the fallback text',
      () => htmlResponse(400),
      'Error deleting order: An unexpected error occurred.',
    ],
  ])('a failure toasts "Error deleting order: {message}" with %s', async (_, respond, text) => {
    const order = makeAdminOrder();
    stubFetch({
      'GET /api/orders': adminOrdersServer([order]).list,
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
      'GET /api/orders': server.list,
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
