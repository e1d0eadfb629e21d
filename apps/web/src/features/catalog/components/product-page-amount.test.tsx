import { ErrorCode, PricingMessages, type User } from '@bindery/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { toast } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { makeProduct } from '../catalog-fixtures';
import { ProductPage } from './product-page';
import { productPageAt } from './server-rendered-product-page';
import { hydrateForTest } from '../../../test/hydrate';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };
const pwyw = makeProduct({
  _id: 'p1',
  title: 'Field Notes',
  price: 12,
  payWhatYouWant: true,
  minimumPrice: 5,
});

/** The product, a 25 % code and a checkout that records what it was sent. */
function stubStore(product = pwyw, checkouts: unknown[] = []) {
  return stubFetch({
    'GET /api/products/p1': () => jsonResponse(product),
    'GET /api/discounts/SPRING': () =>
      jsonResponse({
        code: 'SPRING',
        price: 9,
        priceCents: 900,
        fullPrice: 12,
        currency: 'USD',
        minimumPrice: 3.75,
      }),
    'GET /api/orders/mine/products/p1': () => jsonResponse({ owned: false, orderId: null }),
    'POST /api/session/checkout': async (request) => {
      const body = (await request.json()) as { amount?: number };
      checkouts.push(body);
      return body.amount === 0
        ? jsonResponse({ url: '/store/success?session_id=free_1', amountCents: 0, currency: 'USD' })
        : jsonResponse({ url: '/checkout/test/cs_1', amountCents: 700, currency: 'USD' });
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

const amountField = () => screen.getByRole('textbox', { name: 'Your price' });

let container: HTMLElement | undefined;
afterEach(() => {
  toast.dismiss();
  container?.remove();
  container = undefined;
});

describe('pay what you want on the product page', () => {
  test('shows the price as a suggestion and an amount field starting at it', async () => {
    stubStore();
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Field Notes' });

    expect(document.querySelector('.product-info__price')).toHaveTextContent('$12.00+');
    expect(amountField()).toHaveValue('12.00');
    expect(amountField()).toHaveAccessibleDescription('At least $5.00.');
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  test('an amount below the minimum says so and starts no checkout; one above it is sent', async () => {
    useSessionStore.getState().setUser(buyer);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const checkouts: unknown[] = [];
    stubStore(pwyw, checkouts);
    const { user } = renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Field Notes' });

    await user.clear(amountField());
    await user.type(amountField(), '4.99');
    const tooLow = PricingMessages.amountBelowMinimum('$5.00');
    expect(amountField()).toHaveAccessibleDescription(tooLow);
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findAllByText(tooLow)).toHaveLength(2);
    expect(checkouts).toEqual([]);

    await user.clear(amountField());
    await user.type(amountField(), '12.345');
    expect(amountField()).toHaveAccessibleDescription(PricingMessages.amountDecimals);

    await user.clear(amountField());
    await user.type(amountField(), '7.5');
    expect(amountField()).toHaveAccessibleDescription('At least $5.00.');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1'));
    expect(checkouts).toEqual([{ productId: 'p1', amount: 7.5 }]);
  });

  test('with a minimum of 0, an amount of 0 reads "Download for free" and goes to the success page', async () => {
    useSessionStore.getState().setUser(buyer);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const checkouts: unknown[] = [];
    stubStore({ ...pwyw, minimumPrice: 0 }, checkouts);
    const { user } = renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Field Notes' });
    expect(amountField()).toHaveAccessibleDescription('Any amount; $0.00 gets it for free.');

    await user.clear(amountField());
    await user.type(amountField(), '0');
    await user.click(screen.getByRole('button', { name: PricingMessages.getItFree }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/store/success?session_id=free_1'));
    expect(checkouts).toEqual([{ productId: 'p1', amount: 0 }]);
  });

  test('with a code the field starts at the price with it, and both go with the checkout', async () => {
    useSessionStore.getState().setUser(buyer);
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const checkouts: unknown[] = [];
    stubStore(pwyw, checkouts);
    const { user } = renderProduct('?code=SPRING');

    await screen.findByText('Code SPRING applied.');
    expect(amountField()).toHaveValue('9.00');
    expect(document.querySelector('.product-info__price ins')).toHaveTextContent('$9.00+');
    // The server's minimum with the code: 25 % off $5.00.
    expect(amountField()).toHaveAccessibleDescription('At least $3.75.');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() =>
      expect(checkouts).toEqual([{ productId: 'p1', discountCode: 'SPRING', amount: 9 }]),
    );
  });

  test("the server's refusal of an amount is shown with its message", async () => {
    useSessionStore.getState().setUser(buyer);
    stubFetch({
      'GET /api/products/p1': () => jsonResponse(pwyw),
      'GET /api/orders/mine/products/p1': () => jsonResponse({ owned: false, orderId: null }),
      'POST /api/session/checkout': () =>
        jsonResponse(
          { message: PricingMessages.amountBelowMinimum('$6.00'), code: ErrorCode.badRequest },
          400,
        ),
    });
    const { user } = renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Field Notes' });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));

    expect(
      await screen.findByText(
        `Error creating checkout session: ${PricingMessages.amountBelowMinimum('$6.00')}`,
      ),
    ).toBeInTheDocument();
  });

  test("an amount typed on the server's page before the app ran is the one the page checks", async () => {
    stubStore();
    const page = productPageAt(pwyw, '/product/p1');
    container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    container.querySelector<HTMLInputElement>('input[name="amount"]')!.value = '4';

    await act(async () => {
      hydrateForTest(container!, page());
    });

    expect(amountField()).toHaveValue('4');
    expect(amountField()).toHaveAccessibleDescription(PricingMessages.amountBelowMinimum('$5.00'));
  });
});
