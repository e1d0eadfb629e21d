import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes, type Entry } from '../../../test/render';
import { makeProduct, makeProductList } from '../catalog-fixtures';
import { ProductsPage } from './products-page';

function renderProducts(initialEntry: Entry = '/products') {
  return renderRoutes([{ path: '/products', element: <ProductsPage /> }], { initialEntry });
}

/** Answers the list call from its query, and records each query it was asked. */
function stubCatalog(pages = 1) {
  const queries: URLSearchParams[] = [];
  const fetchMock = stubFetch({
    'GET /api/products': (request) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const page = Number(query.get('page'));
      return jsonResponse(makeProductList({ page, pages, count: 10, total: pages * 10 }));
    },
  });
  return { fetchMock, queries, lastQuery: () => Object.fromEntries(queries.at(-1) ?? []) };
}

/** Everything in the page-number row, the ellipses (hidden from screen readers) included. */
const paginationItems = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' })).getAllByRole('listitem', {
    hidden: true,
  });

describe('products page', () => {
  test('shows "Loading products..." until the first page arrives', async () => {
    const response = deferredResponse();
    stubFetch({ 'GET /api/products': () => response.promise });
    renderProducts();

    expect(await screen.findByText('Loading products...')).toBeInTheDocument();

    response.resolve(jsonResponse(makeProductList({ count: 1 })));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
  });

  test('asks for 10 products of page 1 and shows each as a card linking to its page', async () => {
    const product = makeProduct({
      _id: 'abc',
      title: 'Sourdough Field Guide',
      subtitle: 'From starter to crumb in seven days',
      price: 12.5,
      image: ['/media/images/img1/original.png'],
      digitalFile: { format: 'epub', size: 2048 },
    });
    const fetchMock = stubFetch({
      'GET /api/products': () => jsonResponse({ products: [product], page: 1, pages: 1, total: 1 }),
    });
    renderProducts();

    const card = await screen.findByRole('link', { name: 'Sourdough Field Guide' });
    expect(card).toHaveAttribute('href', '/product/abc');
    expect(card).toHaveAccessibleDescription(
      /From starter to crumb in seven days\s*\$12\.50\s*EPUB/,
    );
    const image = within(card).getByRole('img', { name: 'Sourdough Field Guide' });
    expect(image).toHaveAttribute('src', '/media/images/img1/card.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '600');
    expect(within(card).getByRole('heading', { name: 'Sourdough Field Guide' })).toBeVisible();
    expect(within(card).getByText('$12.50')).toBeInTheDocument();
    expect(within(card).getByText('EPUB')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 product')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/products?page=1&limit=10', expect.anything());
    // One page: nothing to page through.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  test('a search matching more than the store ranks says "1,000+" and still pages', async () => {
    stubFetch({
      'GET /api/products': () =>
        jsonResponse({
          ...makeProductList({ page: 2, pages: 100, count: 10, total: 1000 }),
          totalCapped: true,
        }),
    });
    renderProducts('/products?search=guide&page=2');
    expect(
      await screen.findByText('Showing 11–20 of 1,000+ results for “guide”'),
    ).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 100' })).toBeInTheDocument();
  });

  test.each([
    ['/products?page=99', 'The catalogue has 3 pages.', '/products?page=3'],
    [
      '/products?page=99&search=guide',
      'The search for “guide” has 3 pages.',
      '/products?page=3&search=guide',
    ],
  ])(
    '%s past the end says there is no such page and links to the last',
    async (entry, text, href) => {
      stubFetch({
        'GET /api/products': () => jsonResponse({ products: [], page: 99, pages: 3, total: 25 }),
      });
      renderProducts(entry);

      expect(
        await screen.findByRole('heading', { name: 'There is no page 99' }),
      ).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to page 3' })).toHaveAttribute('href', href);
      expect(screen.queryByText('Try adjusting your search criteria')).not.toBeInTheDocument();
      // No page is marked as the one shown; Previous leads to the last page, Next nowhere.
      const pagination = screen.getByRole('navigation', { name: 'Pagination' });
      expect(within(pagination).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
      expect(within(pagination).getByRole('link', { name: 'Previous' })).toHaveAttribute(
        'href',
        href,
      );
      expect(within(pagination).getByRole('button', { name: 'Next' })).toBeDisabled();
    },
  );

  test('searching with the button puts the search in the URL and asks for page 1', async () => {
    const { lastQuery } = stubCatalog(3);
    const { user, router } = renderProducts('/products?page=3');
    await screen.findByRole('link', { name: 'Product 21' });

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), ' handb ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.search).toBe('?search=handb'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '10', search: 'handb' }));
  });

  test('pressing Enter in the search box searches too', async () => {
    const { lastQuery } = stubCatalog(3);
    const { user, router } = renderProducts('/products?page=2');
    await screen.findByRole('link', { name: 'Product 11' });

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'sourdough{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?search=sourdough'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', limit: '10', search: 'sourdough' }),
    );
  });

  test('the search box follows the URL when going back', async () => {
    stubCatalog(1);
    const { user, router } = renderProducts('/products?search=paper');
    const box = await screen.findByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveValue('paper');

    await user.clear(box);
    await user.type(box, 'sail{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=sail'));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?search=paper');
    expect(box).toHaveValue('paper');
  });

  test('page 5 of 10 shows 1 … 4 5 6 … 10 and clicking a page changes the URL', async () => {
    const { lastQuery } = stubCatalog(10);
    const { user, router } = renderProducts('/products?page=5&search=guide');
    await screen.findByRole('link', { name: 'Product 41' });

    expect(paginationItems().map((item) => item.textContent)).toEqual([
      'Previous',
      '1',
      '…',
      '4',
      '5',
      '6',
      '…',
      '10',
      'Next',
    ]);
    expect(screen.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    // Real links: they work before the script runs, and crawlers follow them.
    expect(screen.getByRole('link', { name: 'Page 6' })).toHaveAttribute(
      'href',
      '/products?page=6&search=guide',
    );
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/products?search=guide',
    );

    await user.click(screen.getByRole('link', { name: 'Page 6' }));

    await waitFor(() => expect(router.state.location.search).toBe('?page=6&search=guide'));
    expect(await screen.findByRole('link', { name: 'Product 51' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '6', limit: '10', search: 'guide' });
    expect(screen.getByRole('link', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=5&search=guide'));
  });

  test('Previous is disabled on the first page and Next on the last', async () => {
    stubCatalog(3);
    const { user } = renderProducts();
    await screen.findByRole('link', { name: 'Product 1' });

    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/products?page=2');

    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    await screen.findByRole('link', { name: 'Product 21' });

    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/products?page=2',
    );
  });

  test('keeps the current cards on screen while the next page loads', async () => {
    const next = deferredResponse();
    stubFetch({
      'GET /api/products': (request) =>
        new URL(request.url).searchParams.get('page') === '2'
          ? next.promise
          : jsonResponse(makeProductList({ page: 1, pages: 2, count: 10, total: 20 })),
    });
    const { user } = renderProducts();
    await screen.findByRole('link', { name: 'Product 1' });

    await user.click(screen.getByRole('link', { name: 'Next' }));

    expect(screen.getByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'true');
    next.resolve(jsonResponse(makeProductList({ page: 2, pages: 2, count: 10, total: 20 })));
    expect(await screen.findByRole('link', { name: 'Product 11' })).toBeInTheDocument();
  });

  test('a failed call says "Oops! Something went wrong" and how to go on', async () => {
    stubFetch({ 'GET /api/products': () => htmlResponse(502) });
    renderProducts();

    expect(
      await screen.findByRole('heading', { name: 'Oops! Something went wrong' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Unable to load products. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('no results say "No products found" and "Try adjusting your search criteria"', async () => {
    stubFetch({
      'GET /api/products': () => jsonResponse({ products: [], page: 1, pages: 0, total: 0 }),
    });
    const { user, router } = renderProducts('/products?search=zzzz');

    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
