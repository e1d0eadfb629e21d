import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { testQueryClient } from '../../../test/query-client';
import { prefetchProductList } from '../api/prefetch-product-list';
import { makeProduct, productServer } from '../testing/fixtures';
import { ProductsDashboardPage } from './products-dashboard-page';

// A new Toaster replays the toasts still active; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

function renderDashboard() {
  return renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: '/dashboard',
  });
}

/** The data rows of the table (the header row excluded). */
const dataRows = () =>
  within(screen.getByRole('table', { name: 'Products' }))
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-id'));

const rowOf = (title: string) => {
  const row = screen.getByText(title).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${title}`);
  return within(row);
};

describe('product list', () => {
  test('shows a spinner while loading, then "Products" with the columns and the rows', async () => {
    const list = deferredResponse();
    stubFetch({ 'GET /api/products': () => list.promise });
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeInTheDocument();

    const product = makeProduct({ title: 'Pocket Atlas', subtitle: 'Maps for walkers' });
    list.resolve(jsonResponse({ products: [product], page: 1, pages: 1, total: 1 }));

    expect(await screen.findByText('Pocket Atlas')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading products' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Products' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product', 'Sub Title', 'Amount', 'Actions']);
    const row = rowOf('Pocket Atlas');
    expect(row.getByText('Maps for walkers')).toBeInTheDocument();
    // The 48 by 48 thumbnail variant of the first image.
    const image = screen.getByText('Pocket Atlas').closest('td')?.querySelector('img');
    expect(image).toHaveAttribute('src', product.image[0]?.replace('original.png', 'thumb.webp'));
    expect(image).toHaveAttribute('width', '48');
    expect(image).toHaveAttribute('height', '48');
    expect(row.getByRole('button', { name: 'Edit Pocket Atlas' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete Pocket Atlas' })).toBeInTheDocument();
  });

  test('a failed load shows the server message in an alert', async () => {
    stubFetch({
      'GET /api/products': () => jsonResponse({ message: 'Database is down', code: 'X' }, 503),
    });
    renderDashboard();

    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Database is down',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('a failed load without a server message shows the fallback text', async () => {
    stubFetch({ 'GET /api/products': () => htmlResponse(400) });
    renderDashboard();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to load products. Please try again later.',
    );
  });

  test('Amount is "$" and the usd value with 2 decimals, for both price readings, or "N/A"', async () => {
    const server = productServer([
      makeProduct({ title: 'Plain number', price: 12.5 }),
      makeProduct({ title: 'Object with usd', price: { usd: 7 } }),
      makeProduct({ title: 'Object without usd', price: {} }),
      makeProduct({ title: 'No price', price: null }),
    ]);
    stubFetch({ 'GET /api/products': server.list });
    renderDashboard();

    await screen.findByText('Plain number');
    const amount = (title: string) => {
      const cell = screen.getByText(title).closest('tr')?.querySelector('[data-field="price"]');
      return cell?.textContent;
    };
    expect(amount('Plain number')).toBe('$12.50');
    expect(amount('Object with usd')).toBe('$7.00');
    expect(amount('Object without usd')).toBe('N/A');
    expect(amount('No price')).toBe('N/A');
  });

  test('pages on the server: 5 rows by default, page sizes 5 and 10', async () => {
    const server = productServer(Array.from({ length: 12 }, () => makeProduct()));
    stubFetch({ 'GET /api/products': server.list });
    const { user } = renderDashboard();

    await waitFor(() => expect(dataRows()).toHaveLength(5));
    expect(server.listCalls[0]).toBe('?page=1&limit=5');
    expect(screen.getByText('1–5 of 12')).toBeInTheDocument();

    // The table shows the page size selector from the sm breakpoint up, a media query jsdom skips.
    await user.click(screen.getByRole('combobox', { name: 'Rows per page:', hidden: true }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10']);
    await user.click(options[1]!);

    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(server.listCalls.at(-1)).toBe('?page=1&limit=10');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(server.listCalls.at(-1)).toBe('?page=2&limit=10');
  });

  test('clicking a row does not select it', async () => {
    const server = productServer([makeProduct({ title: 'Quiet Row' })]);
    stubFetch({ 'GET /api/products': server.list });
    const { user } = renderDashboard();

    await user.click(await screen.findByText('Quiet Row'));

    expect(screen.getByText('Quiet Row').closest('tr')).not.toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

describe('deleting a product', () => {
  test('asks first, then deletes, toasts "Product deleted successfully!" and refetches', async () => {
    const doomed = makeProduct({ title: 'Old Almanac' });
    const server = productServer([doomed, makeProduct({ title: 'Keeper' })]);
    const deleted: string[] = [];
    stubFetch({
      'GET /api/products': server.list,
      [`DELETE /api/products/${doomed._id}`]: () => {
        deleted.push(doomed._id);
        server.products = server.products.filter((product) => product._id !== doomed._id);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Delete Old Almanac' }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Are you sure?' }));
    expect(dialog.getByText("You won't be able to revert this!")).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(deleted).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('Product deleted successfully!')).toBeInTheDocument();
    expect(deleted).toEqual([doomed._id]);
    await waitFor(() => expect(screen.queryByText('Old Almanac')).not.toBeInTheDocument());
    expect(screen.getByText('Keeper')).toBeInTheDocument();
    expect(server.listCalls).toHaveLength(2);
  });

  test('Cancel keeps the product and calls nobody', async () => {
    const server = productServer([makeProduct({ title: 'Stays Put' })]);
    const fetchMock = stubFetch({ 'GET /api/products': server.list });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Delete Stays Put' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Stays Put')).toBeInTheDocument();
  });

  test('a failure toasts "Error deleting product: {message}"', async () => {
    const product = makeProduct({ title: 'Locked' });
    const server = productServer([product]);
    stubFetch({
      'GET /api/products': server.list,
      [`DELETE /api/products/${product._id}`]: () =>
        jsonResponse({ message: 'Product has orders', code: 'CONFLICT' }, 409),
    });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Delete Locked' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));

    expect(
      await screen.findByText('Error deleting product: Product has orders'),
    ).toBeInTheDocument();
    expect(screen.getByText('Locked')).toBeInTheDocument();
  });
});

describe('saving from the page', () => {
  test('editing saves with PUT, toasts "Product updated successfully!", closes and refetches', async () => {
    const product = makeProduct({ title: 'First Edition', subtitle: 'Old', price: 9.99 });
    product.digitalFile = { ...product.digitalFile, fileName: 'first-edition.pdf', size: 2048 };
    const server = productServer([product]);
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/products': server.list,
      [`PUT /api/products/${product._id}`]: async (request) => {
        const body = (await request.json()) as { title: string; price: number };
        bodies.push(body);
        const updated = { ...product, ...body };
        server.products = [updated];
        return jsonResponse(updated);
      },
    });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Edit First Edition' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    // Pre-filled from the row.
    expect(dialog.getByLabelText(/^Title/)).toHaveValue('First Edition');
    expect(dialog.getByLabelText(/^Sub Title/)).toHaveValue('Old');
    expect(dialog.getByLabelText(/^Description/)).toHaveValue(product.description);
    expect(dialog.getByLabelText(/^Price/)).toHaveValue(9.99);
    expect(dialog.getByText('Current file: first-edition.pdf (2.0 KB)')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText(/^Title/));
    await user.type(dialog.getByLabelText(/^Title/), 'Second Edition');
    await user.clear(dialog.getByLabelText(/^Price/));
    await user.type(dialog.getByLabelText(/^Price/), '14.5');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    // No new files chosen: the current images and file are kept by leaving them out.
    expect(bodies).toEqual([
      { title: 'Second Edition', subtitle: 'Old', description: product.description, price: 14.5 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Second Edition')).toBeInTheDocument();
    expect(server.listCalls.length).toBeGreaterThanOrEqual(2);
  });

  test.each([
    [
      'the server message',
      jsonResponse({ message: 'Title is taken', code: 'CONFLICT' }, 409),
      'Title is taken',
    ],
    [
      '"An unexpected error occurred." without one',
      htmlResponse(502),
      'An unexpected error occurred.',
    ],
  ])(
    'a failed update toasts, shows "Submission Failed" with %s, and keeps the form open',
    async (_, response, message) => {
      const product = makeProduct({ title: 'Stubborn' });
      const server = productServer([product]);
      stubFetch({
        'GET /api/products': server.list,
        [`PUT /api/products/${product._id}`]: () => response,
      });
      const { user } = renderDashboard();

      await user.click(await screen.findByRole('button', { name: 'Edit Stubborn' }));
      const form = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
      await user.clear(form.getByLabelText(/^Title/));
      await user.type(form.getByLabelText(/^Title/), 'Still Stubborn');
      await user.click(form.getByRole('button', { name: 'Save Changes' }));

      const failed = within(await screen.findByRole('alertdialog', { name: 'Submission Failed' }));
      expect(failed.getByText(message)).toBeInTheDocument();
      expect(await screen.findByText(`Error updating product: ${message}`)).toBeInTheDocument();

      await user.click(failed.getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      const stillOpen = within(screen.getByRole('dialog', { name: 'Edit Product' }));
      expect(stillOpen.getByLabelText(/^Title/)).toHaveValue('Still Stubborn');
      expect(stillOpen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    },
  );
});

describe('first data asked for beside the script', () => {
  // What main.tsx does when the app starts at the dashboard's address: the list the page
  // shows must be the one asked for, or the page asks again and shows it a round trip later.
  test.each([
    ['the list on sale', '', 'GET /api/products'],
    [
      'the archived list, sorted, second page',
      '?status=archived&sort=title&order=asc&page=2',
      'GET /api/admin/products',
    ],
  ])('%s is not asked for again by the page', async (_name, search, route) => {
    const product = makeProduct({ title: 'Pocket Atlas' });
    const fetchMock = stubFetch({
      [route]: () => jsonResponse({ products: [product], page: 1, pages: 1, total: 1 }),
    });
    const prefetched = testQueryClient();
    await prefetchProductList(prefetched, search);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
      initialEntry: `/dashboard${search}`,
      seed: (client) => {
        for (const query of prefetched.getQueryCache().getAll()) {
          client.setQueryData(query.queryKey, query.state.data);
        }
      },
    });

    expect(await screen.findByText('Pocket Atlas')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
