import type { User } from '@bindery/shared';
import { CheckoutMessages } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { makeProduct } from '../catalog-fixtures';
import { ProductPage } from './product-page';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };

const product = makeProduct({
  _id: 'p1',
  title: 'The Lighthouse Keeper',
  subtitle: 'A novel of the northern coast',
  description: 'First paragraph.\nStill the first.\n\nSecond paragraph.',
  price: 19,
  image: [
    '/media/images/cover/original.png',
    '/media/images/spread/original.png',
    '/media/images/back/original.png',
  ],
  digitalFile: { format: 'epub', size: 1_258_291 },
});

function renderProduct(id = 'p1') {
  return renderRoutes(
    [
      { path: '/product/:id', element: <ProductPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntry: `/product/${id}` },
  );
}

function stubProduct() {
  return stubFetch({ 'GET /api/products/p1': () => jsonResponse(product) });
}

const mainImage = () =>
  within(screen.getByRole('region', { name: 'Product images' })).getByRole('img', {
    name: 'The Lighthouse Keeper',
  });

afterEach(() => {
  // navigator.share is defined per test where a device has one.
  Reflect.deleteProperty(navigator, 'share');
});

describe('product page', () => {
  test('shows a skeleton while the product loads', async () => {
    const response = deferredResponse();
    stubFetch({ 'GET /api/products/p1': () => response.promise });
    renderProduct();

    expect(await screen.findByRole('status')).toHaveTextContent('Loading product...');

    response.resolve(jsonResponse(product));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Lighthouse Keeper' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading product...')).not.toBeInTheDocument();
  });

  test('shows the breadcrumb, title, price, In Stock, file, description and assurances', async () => {
    const fetchMock = stubProduct();
    renderProduct();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Lighthouse Keeper' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/products/p1', expect.anything());
    const breadcrumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(breadcrumb.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(breadcrumb.getByText('The Lighthouse Keeper')).toHaveAttribute('aria-current', 'page');

    expect(screen.getByText('$19.00')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.getByText('EPUB · 1.2 MB')).toBeInTheDocument();
    expect(screen.getByText('A novel of the northern coast')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();

    const description = within(screen.getByRole('region', { name: 'Description' }));
    expect(description.getByText(/First paragraph\.\s+Still the first\./)).toBeInTheDocument();
    expect(description.getByText('Second paragraph.')).toBeInTheDocument();

    for (const note of [
      'Instant delivery',
      'Secure payment',
      'Premium quality',
      'Satisfaction guarantee',
    ]) {
      expect(screen.getByText(note)).toBeInTheDocument();
    }
  });

  test('the first thumbnail is selected and clicking another switches the main image', async () => {
    stubProduct();
    const { user } = renderProduct();
    await screen.findByRole('heading', { level: 1 });

    const thumbnails = screen.getAllByRole('button', { name: /^Show image \d of 3$/ });
    expect(thumbnails).toHaveLength(3);
    expect(thumbnails.map((thumb) => thumb.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    expect(within(thumbnails[1]!).getByRole('presentation')).toHaveAttribute(
      'src',
      '/media/images/spread/thumb.webp',
    );
    expect(mainImage()).toHaveAttribute('src', '/media/images/cover/large.webp');

    await user.click(thumbnails[1]!);

    expect(mainImage()).toHaveAttribute('src', '/media/images/spread/large.webp');
    expect(thumbnails[1]).toHaveAttribute('aria-pressed', 'true');
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'false');
  });

  test('without a share sheet, Share copies the page link and says so', async () => {
    stubProduct();
    const { user } = renderProduct();
    // user-event puts a clipboard in place of the browser's; watch what is written to it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await screen.findByRole('heading', { level: 1 });
    expect('share' in navigator).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/p1`);
  });

  test('with a share sheet, Share opens it with the title and link', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    stubProduct();
    const { user } = renderProduct();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await screen.findByRole('heading', { level: 1 });

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(share).toHaveBeenCalledWith({
      title: 'The Lighthouse Keeper',
      text: 'A novel of the northern coast',
      url: `${window.location.origin}/product/p1`,
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  test('Buy Now when signed out goes to the login with this page as the return target', async () => {
    useSessionStore.getState().logout();
    const fetchMock = stubProduct();
    const { user } = renderProduct();

    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));

    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/login$/));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      from: '/product/p1',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('Buy Now when signed in shows "Processing..." and then goes to the checkout page', async () => {
    useSessionStore.getState().setUser(buyer);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const checkout = deferredResponse();
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/products/p1': () => jsonResponse(product),
      'POST /api/session/checkout': async (request) => {
        bodies.push(await request.json());
        return checkout.promise;
      },
    });
    const { user } = renderProduct();

    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));

    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    expect(bodies).toEqual([{ productId: 'p1' }]);

    checkout.resolve(jsonResponse({ url: 'https://checkout.example.com/c/cs_123' }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example.com/c/cs_123'),
    );
    // The page is being left: the button stays busy instead of offering a second checkout.
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  test('a failed checkout says "Error creating checkout session: " and the server message', async () => {
    useSessionStore.getState().setUser(buyer);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubFetch({
      'GET /api/products/p1': () => jsonResponse(product),
      'POST /api/session/checkout': () =>
        jsonResponse({ message: 'Payments are paused', code: 'SERVICE_UNAVAILABLE' }, 503),
    });
    const { user } = renderProduct();

    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));

    expect(
      await screen.findByText('Error creating checkout session: Payments are paused'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  test.each([
    [
      'the payment provider refused (502)',
      502,
      {
        message: CheckoutMessages.providerFailed,
        code: 'BAD_GATEWAY',
      },
      `Error creating checkout session: ${CheckoutMessages.providerFailed}`,
    ],
    [
      'a 401 that is not the store’s sign-in',
      401,
      { message: 'Invalid API Key provided.', code: 'BAD_REQUEST' },
      'Error creating checkout session: Invalid API Key provided.',
    ],
  ])('%s → an error toast, and the buyer stays signed in', async (_name, status, body, toast) => {
    useSessionStore.getState().setUser(buyer);
    stubFetch({
      'GET /api/products/p1': () => jsonResponse(product),
      'POST /api/session/checkout': () => jsonResponse(body, status),
    });
    const { user } = renderProduct();

    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));

    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    // Still on the product page: nothing navigated to the sign-in.
    expect(screen.queryByTestId('pathname')).toBeNull();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  test('a session that expired on the server sends the buyer to sign in again', async () => {
    useSessionStore.getState().setUser(buyer);
    stubFetch({
      'GET /api/products/p1': () => jsonResponse(product),
      'POST /api/session/checkout': () =>
        jsonResponse({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' }, 401),
    });
    const { user } = renderProduct();

    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));

    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/login$/));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      from: '/product/p1',
    });
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  test('an unknown product shows "Product Not Found" with a link back to the products', async () => {
    stubFetch({
      'GET /api/products/nope': () =>
        jsonResponse({ message: 'Product not found', code: 'NOT_FOUND' }, 404),
    });
    renderProduct('nope');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("We couldn't find the product you were looking for."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/products');
    expect(document.title).toBe('Product Not Found · Bindery');
  });

  test('the tab shows the product and the store, as the server sent it', async () => {
    stubProduct();
    document.title = 'Bindery';
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'The Lighthouse Keeper' });
    expect(document.title).toBe('The Lighthouse Keeper · Bindery');
  });

  test('a product the server’s page said is not in the catalogue shows "Product Not Found" without asking', async () => {
    const fetchMock = stubFetch({});
    renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], {
      initialEntry: '/product/gone',
      seed: (client) => client.setQueryData(['catalog', 'detail', 'gone'], null),
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Product Not Found' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a failed call shows the "Product Not Found" page too', async () => {
    stubFetch({ 'GET /api/products/p1': () => htmlResponse(500) });
    renderProduct();

    expect(
      await screen.findByRole('heading', { name: 'Product Not Found' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
