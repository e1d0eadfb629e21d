import { CatalogMessages, type Product } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';

let t: TestApp;
let admin: string;
let buyer: string;
let product: Product;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { price: 19.99 });
});
afterEach(async () => {
  await t.close();
});

/** A click on Buy Now's link on the store's own page, unless `headers` say otherwise. */
const buyLink = (
  cookie: string | undefined,
  headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
  id = product._id,
) =>
  t.app.inject({
    method: 'GET',
    url: `/store/product/${id}/buy`,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });

const orderCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const productPage = () => `/store/product/${product._id}`;

describe('Buy Now as a link', () => {
  test('signed out: to the login, with the product as the return target', async () => {
    const response = await buyLink(undefined);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/store/login?redirect=${encodeURIComponent(`/product/${product._id}`)}`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('signed in: to the hosted checkout the API opens, the same one again', async () => {
    const response = await buyLink(buyer);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/\/checkout\/test\/cs_test_[A-Za-z0-9_-]+$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await orderCount()).toBe(1);
    // The same service: the POST hands out the checkout the link opened.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie: buyer },
      payload: { productId: product._id },
    });
    expect(posted.json()).toEqual({
      url: response.headers.location,
      amountCents: 1999,
      currency: 'USD',
    });
    expect(await orderCount()).toBe(1);
  });

  test('an address typed or bookmarked (Sec-Fetch-Site: none) opens the checkout too', async () => {
    const response = await buyLink(buyer, { 'sec-fetch-site': 'none' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/\/checkout\/test\//);
  });

  test.each([
    ['another site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site' }],
    ['an old browser with no word of where it came from', {}],
    ['an old browser from another site', { referer: 'http://evil.example/page' }],
    ['an old browser from another origin', { origin: 'http://evil.example' }],
  ])('a request from %s goes back to the product page, no checkout', async (_, headers) => {
    const response = await buyLink(buyer, headers);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(productPage());
    expect(await orderCount()).toBe(0);
  });

  test('an old browser that names this store as the referrer opens the checkout', async () => {
    const response = await buyLink(buyer, { referer: `http://localhost${productPage()}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/\/checkout\/test\//);
  });

  test('a prefetch or prerender starts no checkout (503, which browsers discard)', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' } as Record<string, string>,
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch;prerender' },
      { 'sec-fetch-site': 'same-origin', purpose: 'prefetch' },
    ]) {
      expect((await buyLink(buyer, headers)).statusCode).toBe(503);
    }
    expect(await orderCount()).toBe(0);
  });

  test('a HEAD starts no checkout', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: `/store/product/${product._id}/buy`,
      headers: { cookie: buyer, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.headers.location).toBeUndefined();
    expect(await orderCount()).toBe(0);
  });

  test('a buyer who owns the product goes back to its page, where the app asks first', async () => {
    await buyProduct(t.app, t.database.db, buyer, product._id);
    const response = await buyLink(buyer);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(productPage());
    expect(await orderCount()).toBe(1);
  });

  test('a product off sale or unknown: the POST’s refusal, as a page', async () => {
    const other = await signUpAndSignIn(t.app);
    await buyProduct(t.app, t.database.db, other.cookie, product._id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie: buyer },
      payload: { productId: product._id },
    });
    expect(posted.statusCode).toBe(404);
    expect(posted.json().message).toBe(CatalogMessages.productNotFound);

    for (const id of [product._id, 'AAAAAAAAAAAAAAAA']) {
      const response = await buyLink(buyer, undefined, id);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>Your checkout could not start</h1>');
      expect(response.body).toContain(`<p>${CatalogMessages.productNotFound}</p>`);
      expect(response.body).toContain(`href="/store/product/${id}"`);
    }
    expect(await orderCount()).toBe(1);
  });
});
