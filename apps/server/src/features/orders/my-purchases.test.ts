import {
  AuthMessages,
  OrderMessages,
  type MyOrdersResponse,
  type MyPurchase,
  type Product,
  type ProductOwnershipResponse,
} from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct, startCheckout } from '../../test/purchase.js';

const MINUTE = 60_000;

let t: TestApp;
let clock: TestClock;
let admin: string;
let buyer: { cookie: string; email: string };
let product: Product;
beforeEach(async () => {
  clock = createTestClock();
  t = await buildTestApp({}, { clock: clock.now });
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = await signUpAndSignIn(t.app, { name: 'Ada Buyer' });
  product = await createTestProduct(t.app, admin, { title: 'The Binding Handbook', price: 12.5 });
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const myOrders = async (query = '', cookie = buyer.cookie) => {
  const response = await get(`/api/orders/myorders${query}`, cookie);
  return { status: response.statusCode, body: response.json<MyOrdersResponse>() };
};
const ownership = async (productId: string, cookie: string | null = buyer.cookie) => {
  const url = `/api/orders/mine/products/${encodeURIComponent(productId)}`;
  const response = await get(url, cookie ?? undefined);
  return { status: response.statusCode, body: response.json<ProductOwnershipResponse>() };
};
const checkoutOrder = async (sessionId: string, cookie: string | null = buyer.cookie) => {
  const url = `/api/orders/mine/checkouts/${encodeURIComponent(sessionId)}`;
  const response = await get(url, cookie ?? undefined);
  return { status: response.statusCode, body: response.json<MyPurchase & { message?: string }>() };
};
const outcome = (orderId: string, result: 'refunded' | 'disputed' | 'dispute-won') =>
  t.app.orders.applyOutcome({
    orderId,
    result,
    source: 'test',
    eventId: `evt_${result}_${orderId}`,
  });
const cancelCheckout = (sessionId: string) =>
  t.app.inject({ method: 'POST', url: `/checkout/test/${sessionId}/cancel` });

describe('owning a product', () => {
  test('a paid order makes the product the buyer’s, with the order to download from', async () => {
    expect(await ownership(product._id)).toEqual({
      status: 200,
      body: { owned: false, orderId: null },
    });
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    expect(await ownership(product._id)).toEqual({
      status: 200,
      body: { owned: true, orderId: bought.orderId },
    });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${bought.orderId}/download-link`,
      headers: { cookie: buyer.cookie },
    });
    expect(link.statusCode).toBe(200);
  });

  test('a pending or canceled checkout does not', async () => {
    const pending = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    expect((await ownership(product._id)).body).toEqual({ owned: false, orderId: null });
    await cancelCheckout(pending.sessionId);
    expect((await ownership(product._id)).body).toEqual({ owned: false, orderId: null });
  });

  test('a refund ends it; an open dispute pauses it until it is won', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    await outcome(bought.orderId, 'disputed');
    expect((await ownership(product._id)).body).toEqual({ owned: false, orderId: null });
    await outcome(bought.orderId, 'dispute-won');
    expect((await ownership(product._id)).body).toEqual({ owned: true, orderId: bought.orderId });
    await outcome(bought.orderId, 'refunded');
    expect((await ownership(product._id)).body).toEqual({ owned: false, orderId: null });
  });

  test('only the buyer’s own orders count', async () => {
    await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const other = await signUpAndSignIn(t.app);
    expect(await ownership(product._id, other.cookie)).toEqual({
      status: 200,
      body: { owned: false, orderId: null },
    });
  });

  test('an unknown or malformed product is not owned; signed out is 401; an overlong id is 400', async () => {
    expect((await ownership('AAAAAAAAAAAAAAAA')).body).toEqual({ owned: false, orderId: null });
    expect((await ownership('not an id at all ☃')).body).toEqual({ owned: false, orderId: null });
    const signedOut = await ownership(product._id, null);
    expect(signedOut.status).toBe(401);
    expect((signedOut.body as unknown as { message: string }).message).toBe(
      AuthMessages.notSignedIn,
    );
    // A NUL never reaches the database (PostgreSQL refuses it in text: that was a 500).
    expect(await ownership('AAAAAAAA\u0000AAAAAAA')).toEqual({
      status: 200,
      body: { owned: false, orderId: null },
    });
    const long = await ownership('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('My Orders: pending checkouts and canceled ones', () => {
  test('a pending order offers its checkout while it is open, none once it expired', async () => {
    const { url, orderId } = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    const open = await myOrders();
    expect(open.body.purchases).toHaveLength(1);
    expect(open.body.purchases[0]).toMatchObject({
      _id: orderId,
      status: 'pending',
      checkoutUrl: url,
    });
    // The test checkout lives 30 minutes.
    clock.advance(30 * MINUTE - 1);
    expect((await myOrders()).body.purchases[0]!.checkoutUrl).toBe(url);
    clock.advance(1);
    expect((await myOrders()).body.purchases[0]!.checkoutUrl).toBeNull();
  });

  test('paid orders and orders flagged for review offer no checkout', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    clock.advance(26 * MINUTE);
    const flagged = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    await t.app.orders.flagForReview(flagged.orderId, 'amount mismatch');
    const { body } = await myOrders();
    expect(body.purchases.map((order) => [order._id, order.status, order.checkoutUrl])).toEqual([
      [flagged.orderId, 'pending', null],
      [bought.orderId, 'paid', null],
    ]);
  });

  test('canceled checkouts are left out unless include=canceled asks for them', async () => {
    const canceled = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    await cancelCheckout(canceled.sessionId);
    clock.advance(26 * MINUTE);
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);

    const byDefault = await myOrders();
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(byDefault.body.purchases.map((order) => order._id)).toEqual([bought.orderId]);

    const all = await myOrders('?include=canceled&limit=5');
    expect(all.body).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(all.body.purchases.map((order) => [order._id, order.status])).toEqual([
      [bought.orderId, 'paid'],
      [canceled.orderId, 'canceled'],
    ]);
  });

  test('a canceled order a payment arrived for anyway stays listed', async () => {
    const late = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    await cancelCheckout(late.sessionId);
    await t.app.orders.flagForReview(late.orderId, 'paid after the checkout was canceled');
    const { body } = await myOrders();
    expect(body.purchases.map((order) => [order._id, order.status])).toEqual([
      [late.orderId, 'canceled'],
    ]);
  });

  test.each(['?include=refunded', '?include=', '?include=CANCELED', '?include=canceled,paid'])(
    '%s is 400 with the field named',
    async (query) => {
      const response = await get(`/api/orders/myorders${query}`, buyer.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { include: ['include must be canceled'] },
      });
    },
  );
});

describe('the order behind a checkout (success page)', () => {
  test('names the product bought, for the buyer who owns the checkout', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const { status, body } = await checkoutOrder(bought.sessionId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: bought.orderId,
      product: { _id: product._id, title: 'The Binding Handbook' },
      status: 'paid',
      checkoutUrl: null,
    });
  });

  test('another buyer’s checkout answers exactly like an unknown one', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const other = await signUpAndSignIn(t.app);
    const theirs = await get(`/api/orders/mine/checkouts/${bought.sessionId}`, other.cookie);
    const unknown = await get('/api/orders/mine/checkouts/cs_test_nothing', other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(theirs.json().message).toBe(OrderMessages.orderNotFound);
  });

  test('signed out is 401; a session id with a NUL is 404; an overlong one is 400', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    expect((await checkoutOrder(bought.sessionId, null)).status).toBe(401);
    const withNul = await checkoutOrder('cs_test_\u0000');
    expect(withNul.status).toBe(404);
    expect(withNul.body.message).toBe(OrderMessages.orderNotFound);
    const long = await checkoutOrder('c'.repeat(301));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('a product taken off sale', () => {
  test('My Orders says whether each product is still sold; a removed one still downloads', async () => {
    const kept = await createTestProduct(t.app, admin, { title: 'Still Sold' });
    const removed = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const live = await buyProduct(t.app, t.database.db, buyer.cookie, kept._id);
    // It has a sale, so deleting it takes it off sale (archived) instead.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(404);

    const { body } = await myOrders();
    const byOrder = new Map(body.purchases.map((order) => [order._id, order.product]));
    expect(byOrder.get(removed.orderId)).toEqual({
      _id: product._id,
      title: 'The Binding Handbook',
      image: product.image,
      onSale: false,
    });
    expect(byOrder.get(live.orderId)).toEqual({
      _id: kept._id,
      title: 'Still Sold',
      image: kept.image,
      onSale: true,
    });

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${removed.orderId}/download-link`,
      headers: { cookie: buyer.cookie },
    });
    expect(link.statusCode).toBe(200);
    const file = await get(link.json<{ downloadUrl: string }>().downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
