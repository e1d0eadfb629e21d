import { DiscountMessages, ErrorCode, type User } from '@bindery/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { makeProduct } from '../catalog-fixtures';
import { ProductPage } from './product-page';
import { productPageAt } from './server-rendered-product-page';
import { hydrateForTest } from '../../../test/hydrate';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };
const product = makeProduct({ _id: 'p1', title: 'Pocket Atlas', price: 19 });
const springPrice = {
  code: 'SPRING',
  price: 14.25,
  priceCents: 1425,
  fullPrice: 19,
  currency: 'USD',
  minimumPrice: null,
};

const refusal = (status: number, message: string) =>
  jsonResponse({ message, code: status === 404 ? ErrorCode.notFound : ErrorCode.conflict }, status);

/** The product, the code lookup (SPRING works, OLD has expired) and a checkout that records bodies. */
function stubStore(checkouts: unknown[] = []) {
  return stubFetch({
    'GET /api/products/p1': () => jsonResponse(product),
    'GET /api/discounts/spring': () => jsonResponse(springPrice),
    'GET /api/discounts/SPRING': () => jsonResponse(springPrice),
    'GET /api/discounts/OLD': () => refusal(409, DiscountMessages.expired),
    'GET /api/discounts/NOPE': () => refusal(404, DiscountMessages.unknownCode),
    'GET /api/orders/mine/products/p1': () => jsonResponse({ owned: false, orderId: null }),
    'POST /api/session/checkout': async (request) => {
      checkouts.push(await request.json());
      return jsonResponse({ url: '/checkout/test/cs_1', amountCents: 1425, currency: 'USD' });
    },
  });
}

function renderProduct(search = '') {
  return renderRoutes(
    [
      { path: '/product/:id', element: <ProductPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntry: { pathname: '/product/p1', search } },
  );
}

const price = () =>
  screen.getAllByText(
    (_, element) => element?.tagName === 'P' && element.classList.contains('product-info__price'),
  )[0]!;

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

describe('a discount code on the product page', () => {
  test('"Have a code?" opens the field; Apply shows the new price and Buy Now sends the code', async () => {
    useSessionStore.getState().setUser(buyer);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const checkouts: unknown[] = [];
    const fetchMock = stubStore(checkouts);
    const { user } = renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Pocket Atlas' });
    expect(price()).toHaveTextContent('$19.00');
    expect(screen.getByRole('textbox', { name: 'Discount code' })).not.toBeVisible();

    await user.click(screen.getByText('Have a code?'));
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toHaveFocus();
    await user.type(screen.getByLabelText('Discount code'), 'spring');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Code SPRING applied.')).toBeInTheDocument();
    expect(within(price()).getByText('$19.00').closest('del')).not.toBeNull();
    expect(within(price()).getByText('$14.25').closest('ins')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1'));
    expect(checkouts).toEqual([{ productId: 'p1', discountCode: 'SPRING' }]);
    expect(fetchMock.unexpected).toEqual([]);
  });

  test('a refused code says why under the field, and Buy Now still sells at the full price', async () => {
    useSessionStore.getState().setUser(buyer);
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const checkouts: unknown[] = [];
    stubStore(checkouts);
    const { user } = renderProduct();
    await user.click(await screen.findByText('Have a code?'));
    const field = screen.getByLabelText('Discount code');
    await user.type(field, 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(DiscountMessages.expired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(DiscountMessages.expired);
    expect(price()).toHaveTextContent('$19.00');
    expect(price().querySelector('del')).toBeNull();

    await user.clear(field);
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(DiscountMessages.unknownCode)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(checkouts).toEqual([{ productId: 'p1' }]));
  });

  test('?code=SPRING in the address fills the field in and applies it', async () => {
    stubStore();
    renderProduct('?code=SPRING');

    expect(await screen.findByLabelText('Discount code')).toHaveValue('SPRING');
    expect(await screen.findByText('Code SPRING applied.')).toBeInTheDocument();
    expect(within(price()).getByText('$14.25')).toBeInTheDocument();
  });

  test('a signed-out buyer with a code signs in and comes back to the page with it', async () => {
    stubStore();
    const { user } = renderProduct('?code=SPRING');
    await screen.findByText('Code SPRING applied.');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));

    expect(await screen.findByTestId('pathname')).toHaveTextContent('/login');
    expect(screen.getByTestId('state')).toHaveTextContent('"from":"/product/p1?code=SPRING"');
  });

  test("the server's page with ?code= hydrates without a difference, then applies the code", async () => {
    stubStore();
    const page = productPageAt(product, '/product/p1?code=SPRING');
    container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    expect(container.querySelector('input')?.getAttribute('value')).toBe('SPRING');
    // Before the script runs, the field is open and Apply loads the page with ?code=.
    expect(container.querySelector('details')?.hasAttribute('open')).toBe(true);
    const form = container.querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/product/p1');
    expect(container.querySelector('input')?.getAttribute('name')).toBe('code');
    expect(container.querySelector('.product-info__price')?.textContent).toBe('$19.00');

    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateForTest(container!, page(), { onRecoverableError: recoverable });
    });

    expect(await screen.findByText('Code SPRING applied.')).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
