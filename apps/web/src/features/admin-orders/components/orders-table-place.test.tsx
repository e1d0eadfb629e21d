import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { stubScreenWidth } from '../../../test/media';
import { renderRoutes } from '../../../test/render';
import { adminOrdersServer, makeAdminOrder } from '../testing/fixtures';
import { AdminOrdersPage } from './admin-orders-page';

afterEach(() => {
  toast.dismiss();
});

function renderOrders(entry = '/orders') {
  return renderRoutes([{ path: '/orders', element: <AdminOrdersPage /> }], {
    initialEntry: entry,
  });
}

const dataRows = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-id'));

describe('filter, page, size and sort in the address', () => {
  test('a reload at ?filter=review&page=2&size=5&sort=amountCents&order=desc keeps them all', async () => {
    const flagged = Array.from({ length: 7 }, () => makeAdminOrder({ reviewReason: 'Check it.' }));
    const server = adminOrdersServer([...flagged, makeAdminOrder()]);
    stubFetch(server.routes);
    renderOrders('/orders?filter=review&page=2&size=5&sort=amountCents&order=desc');

    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(server.listCalls).toEqual(['?review=true&page=2&limit=5&sort=amountCents&order=desc']);
    expect(screen.getByRole('button', { name: 'Needs review' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('"Needs review" goes into the address from page 1; Back returns to all orders', async () => {
    const server = adminOrdersServer(Array.from({ length: 12 }, () => makeAdminOrder()));
    stubFetch(server.routes);
    const { user, router } = renderOrders('/orders?page=2');
    await waitFor(() => expect(dataRows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Needs review' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=review'));
    expect(server.listCalls.at(-1)).toBe('?review=true&page=1&limit=10');

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: 'All orders' })).toHaveAttribute(
          'aria-pressed',
          'true',
        ),
      { timeout: 5000 },
    );
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
  }, 30_000);

  test('Amount, Status and Date sort on the server; Customer and Product do not sort', async () => {
    const server = adminOrdersServer([makeAdminOrder()]);
    stubFetch(server.routes);
    const { user, router } = renderOrders();
    await waitFor(() => expect(dataRows()).toHaveLength(1));

    await user.click(screen.getByRole('columnheader', { name: /Customer/ }));
    await user.click(screen.getByRole('columnheader', { name: /Product/ }));
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('columnheader', { name: /Status/ }));
    await waitFor(() =>
      expect(server.listCalls.at(-1)).toBe('?page=1&limit=10&sort=status&order=asc'),
    );
    await user.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() =>
      expect(server.listCalls.at(-1)).toBe('?page=1&limit=10&sort=amountCents&order=asc'),
    );
    expect(router.state.location.search).toBe('?sort=amountCents&order=asc');
  }, 30_000);
});

describe('on a phone', () => {
  test('cards show customer, product, amount, status and every action; 5, 10 or 20 per page', async () => {
    stubScreenWidth(390);
    const server = adminOrdersServer([
      makeAdminOrder({
        user: { _id: 'u1', name: 'Ada Reader', email: 'ada@example.com' },
        product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
        amountCents: 1999,
        reviewReason: 'The payment did not match.',
      }),
      ...Array.from({ length: 11 }, () => makeAdminOrder()),
    ]);
    stubFetch(server.routes);
    const { user, router } = renderOrders();

    const list = await screen.findByRole('list', { name: 'All customer orders' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Pocket Atlas' })).toBeInTheDocument();
    expect(first.getByText('Ada Reader')).toBeInTheDocument();
    expect(first.getByText('ada@example.com')).toBeInTheDocument();
    expect(first.getByText('$19.99')).toBeInTheDocument();
    expect(first.getByText('Paid')).toBeInTheDocument();
    expect(first.getByText('The payment did not match.')).toBeInTheDocument();
    expect(first.getByRole('button', { name: /Grant access/ })).toHaveTextContent('Grant access');
    expect(first.getByRole('button', { name: /Refund order/ })).toHaveTextContent('Refund');
    expect(first.getByRole('button', { name: /Delete order/ })).toHaveTextContent('Delete');

    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '20']);
    await user.click(options[0]!);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'All customer orders' })).getAllByRole('listitem'),
      ).toHaveLength(5),
    );
    expect(router.state.location.search).toBe('?size=5');
    expect(server.listCalls.at(-1)).toBe('?page=1&limit=5');
  }, 30_000);

  test('Delete asks "Are you sure?" and names the product and the customer', async () => {
    stubScreenWidth(390);
    const order = makeAdminOrder({
      user: { _id: 'u1', name: 'Ada Reader', email: 'ada@example.com' },
      product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
    });
    stubFetch(adminOrdersServer([order]).routes);
    const { user } = renderOrders();

    await user.click(await screen.findByRole('button', { name: `Delete order ${order._id}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Delete the order of “Pocket Atlas” by Ada Reader (ada@example.com)?',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeInTheDocument();
  });
});
