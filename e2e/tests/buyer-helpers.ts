import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newBuyer } from './fixtures.js';

export const PAYING_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** How far the page scrolls sideways (0 or less: it does not). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * A new buyer, registered and signed in through the API (the page's own cookies), on the
 * catalogue. The login screen's forms have flows of their own (auth.spec.ts and others use
 * registerThroughUi and signInThroughUi); here they only cost every buyer's flow two screens.
 */
export async function signUpBuyer(page: Page) {
  const buyer = newBuyer();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...buyer, role: 'user' },
  });
  expect(registered.status()).toBe(201);
  const signedIn = await page.request.post('/api/auth/login', {
    data: { email: buyer.email, password: buyer.password },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto('/store/products');
  return buyer;
}

/** Pays on the built-in test checkout page that is open now. */
export async function payByCard(page: Page, name: string) {
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await page.getByLabel('Card number').fill(PAYING_CARD.number);
  await page.getByLabel('Expiry (MM/YY)').fill(PAYING_CARD.expiry);
  await page.getByLabel('CVC').fill(PAYING_CARD.cvc);
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The demo catalogue's products, newest first, as the catalogue lists them. */
export async function demoProducts(request: APIRequestContext) {
  const response = await request.get('/api/products?page=1&limit=10');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { products: Array<{ _id: string; title: string }> }).products;
}

/** Starts a checkout through the API as the page's signed-in buyer; answers the checkout URL. */
export async function startCheckoutViaApi(page: Page, productId: string): Promise<string> {
  const response = await page.request.post('/api/session/checkout', { data: { productId } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}
