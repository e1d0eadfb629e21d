import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { stubScreenWidth } from '../../../test/media';
import { renderRoutes } from '../../../test/render';
import { makeProduct, productServer } from '../testing/fixtures';
import { ProductsDashboardPage } from './products-dashboard-page';

afterEach(() => {
  toast.dismiss();
});

function renderDashboard(entry = '/dashboard') {
  return renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: entry,
  });
}

const dataRows = () =>
  within(screen.getByRole('table', { name: 'Products' }))
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-id'));

describe('page, size and sort in the address', () => {
  test('a reload at ?page=2&size=10&sort=price&order=desc asks the server for that place', async () => {
    const server = productServer(Array.from({ length: 14 }, () => makeProduct()));
    stubFetch({ 'GET /api/products': server.list });
    renderDashboard('/dashboard?page=2&size=10&sort=price&order=desc');

    await waitFor(() => expect(dataRows()).toHaveLength(4));
    expect(server.listCalls).toEqual(['?page=2&limit=10&sort=price&order=desc']);
    expect(screen.getByText('11–14 of 14')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  test('clicking Amount sorts on the server from page 1, and Back returns to the page before', async () => {
    const server = productServer(Array.from({ length: 12 }, () => makeProduct()));
    stubFetch({ 'GET /api/products': server.list });
    const { user, router } = renderDashboard();

    await waitFor(() => expect(dataRows()).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(server.listCalls.at(-1)).toBe('?page=2&limit=5'));
    expect(router.state.location.search).toBe('?page=2');

    await user.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() =>
      expect(server.listCalls.at(-1)).toBe('?page=1&limit=5&sort=price&order=asc'),
    );
    expect(router.state.location.search).toBe('?sort=price&order=asc');

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('6–10 of 12')).toBeInTheDocument();
  }, 30_000);

  test('Sub Title and Actions do not sort', async () => {
    const server = productServer([makeProduct()]);
    stubFetch({ 'GET /api/products': server.list });
    const { user, router } = renderDashboard();
    await waitFor(() => expect(dataRows()).toHaveLength(1));

    await user.click(screen.getByRole('columnheader', { name: /Sub Title/ }));
    await user.click(screen.getByRole('columnheader', { name: /Actions/ }));
    expect(router.state.location.search).toBe('');
    expect(server.listCalls).toEqual(['?page=1&limit=5']);
  });

  test('a sortable header is a button reached with Tab: Enter sorts ascending, then descending, then not', async () => {
    const server = productServer([makeProduct()]);
    stubFetch({ 'GET /api/products': server.list });
    const { user, router } = renderDashboard();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    const product = screen.getByRole('columnheader', { name: /Product/ });
    expect(product).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Sub Title/ })).not.toHaveAttribute(
      'aria-sort',
    );

    // Past Add Product and the status filter, the first header is the next stop.
    const sortButton = within(product).getByRole('button', { name: 'Product' });
    for (let stop = 0; stop < 10 && document.activeElement !== sortButton; stop += 1) {
      await user.tab();
    }
    expect(sortButton).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&order=asc'));
    expect(screen.getByRole('columnheader', { name: /Product/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&order=desc'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The unsorted list comes back from the cache.
    expect(server.listCalls).toEqual([
      '?page=1&limit=5',
      '?page=1&limit=5&sort=title&order=asc',
      '?page=1&limit=5&sort=title&order=desc',
    ]);
  });
});

describe('on a phone', () => {
  test('cards show every product with Edit and Delete, and rows per page offers 5 and 10', async () => {
    stubScreenWidth(390);
    const server = productServer(
      Array.from({ length: 7 }, (_, index) =>
        makeProduct({ title: `Book ${index + 1}`, price: 10 + index }),
      ),
    );
    stubFetch({ 'GET /api/products': server.list });
    const { user, router } = renderDashboard();

    const list = await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Book 1' })).toBeInTheDocument();
    expect(first.getByText('$10.00')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit Book 1' })).toHaveTextContent('Edit');
    expect(first.getByRole('button', { name: 'Delete Book 1' })).toHaveTextContent('Delete');

    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10']);
    await user.click(options[1]!);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem'),
      ).toHaveLength(7),
    );
    expect(router.state.location.search).toBe('?size=10');
    expect(server.listCalls.at(-1)).toBe('?page=1&limit=10');
  }, 30_000);

  test('the phone sort asks the server and keeps the sort in the address', async () => {
    stubScreenWidth(390);
    const server = productServer([makeProduct()]);
    stubFetch({ 'GET /api/products': server.list });
    const { user, router } = renderDashboard();
    await screen.findByRole('list', { name: 'Products' });

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Price, high to low' }));
    await waitFor(() =>
      expect(server.listCalls.at(-1)).toBe('?page=1&limit=5&sort=price&order=desc'),
    );
    expect(router.state.location.search).toBe('?sort=price&order=desc');
  });

  test('Delete asks "Are you sure?" and names the product', async () => {
    stubScreenWidth(390);
    const server = productServer([makeProduct({ title: 'Pocket Atlas' })]);
    stubFetch({ 'GET /api/products': server.list });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Delete Pocket Atlas' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(within(dialog).getByText('Delete “Pocket Atlas”?')).toBeInTheDocument();
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes, delete it!' })).toBeInTheDocument();
  });
});
