import {
  AuthMessages,
  CheckoutMessages,
  OrderMessages,
  type AdminOrdersResponse,
  type MyOrdersResponse,
  type Product,
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
  product = await createTestProduct(t.app, admin, { price: 12.5 });
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
const downloadLink = (orderId: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/download-link`,
    headers: cookie ? { cookie } : {},
  });
const refund = (orderId: string) =>
  t.app.orders.applyOutcome({
    orderId,
    result: 'refunded',
    source: 'test',
    eventId: `evt_refund_${orderId}`,
  });

/** `count` pending orders, one second apart; returns their ids, oldest first. */
async function placeOrders(count: number, cookie = buyer.cookie) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    // Far enough apart that each Buy Now opens a new order rather than continuing the last one.
    clock.advance(26 * 60_000);
    ids.push((await startCheckout(t.app, t.database.db, cookie, product._id)).orderId);
  }
  return ids;
}

describe('my orders', () => {
  test('signed out is 401', async () => {
    const response = await get('/api/orders/myorders');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AuthMessages.notSignedIn);
  });

  test('pages newest first, 10 by default', async () => {
    // Each new Buy Now closes the buyer's earlier checkout: canceled ones are listed on request.
    const ids = await placeOrders(12);
    const first = await myOrders('?include=canceled');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 12, page: 1, pages: 2 });
    expect(first.body.purchases.map((order) => order._id)).toEqual(ids.toReversed().slice(0, 10));
    const byFive = await myOrders('?page=3&limit=5&include=canceled');
    expect(byFive.body).toMatchObject({ total: 12, page: 3, pages: 3 });
    expect(byFive.body.purchases.map((order) => order._id)).toEqual([ids[1], ids[0]]);
    expect((await myOrders('?page=4&limit=5&include=canceled')).body.purchases).toEqual([]);
  });

  test.each(['?limit=20', '?limit=7', '?limit=0', '?page=0', '?page=x'])(
    '%s is 400',
    async (query) => {
      expect((await myOrders(query)).status).toBe(400);
    },
  );

  test('shows the product, amount, status and dates', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const { body } = await myOrders();
    expect(body.purchases).toEqual([
      {
        _id: bought.orderId,
        product: { _id: product._id, title: product.title, image: product.image, onSale: true },
        amountCents: 1250,
        subtotalCents: 1250,
        taxCents: 0,
        currency: 'USD',
        buyerCountry: null,
        buyerTaxId: null,
        status: 'paid',
        createdAt: new Date(clock.now()).toISOString(),
        paidAt: new Date(clock.now()).toISOString(),
        dispute: null,
        downloads: { used: 0, limit: null },
        checkoutUrl: null,
        licenseKey: null,
        productUpdatedAt: null,
      },
    ]);
  });

  test('only the caller’s own orders', async () => {
    const other = await signUpAndSignIn(t.app);
    await placeOrders(2, other.cookie);
    const mine = await placeOrders(1);
    const { body } = await myOrders();
    expect(body.total).toBe(1);
    expect(body.purchases.map((order) => order._id)).toEqual(mine);
  });

  test('a bought product the admin deletes stays in My Orders (archived)', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    const { body } = await myOrders();
    expect(body.purchases[0]).toMatchObject({
      _id: bought.orderId,
      product: { _id: product._id, title: product.title },
      amountCents: 1250,
      status: 'paid',
    });
  });
});

describe('all orders (admin)', () => {
  test('signed out 401, buyer 403', async () => {
    expect((await get('/api/orders')).statusCode).toBe(401);
    const forbidden = await get('/api/orders', buyer.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(AuthMessages.notAllowed);
  });

  test('lists every customer’s orders with name and email', async () => {
    const other = await signUpAndSignIn(t.app, { name: 'Bea Other' });
    const [first] = await placeOrders(1);
    const [second] = await placeOrders(1, other.cookie);
    const response = await get('/api/orders?limit=20', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminOrdersResponse>();
    expect(body).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(body.orders.map((order) => [order._id, order.user?.name, order.user?.email])).toEqual([
      [second, 'Bea Other', other.email],
      [first, 'Ada Buyer', buyer.email],
    ]);
    expect(body.orders[0]).toMatchObject({
      status: 'pending',
      amountCents: 1250,
      product: { title: product.title },
      user: { _id: expect.any(String) },
    });
  });

  test.each(['?limit=50', '?limit=15'])('%s is 400', async (query) => {
    expect((await get(`/api/orders${query}`, admin)).statusCode).toBe(400);
  });

  test('delete: 204, then 404', async () => {
    const [orderId] = await placeOrders(1);
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: { cookie: admin } });
    expect((await remove()).statusCode).toBe(204);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(OrderMessages.orderNotFound);
    expect((await myOrders()).body.total).toBe(0);
  });

  test('delete is for admins only', async () => {
    const [orderId] = await placeOrders(1);
    const asBuyer = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(asBuyer.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await myOrders()).body.total).toBe(1);
  });

  test.each(['AAAAAAAAAAAAAAAA', 'nope', '%2e%2e'])('deleting unknown %j is 404', async (id) => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${id}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a fresh download link (My Orders)', () => {
  test('for the caller’s paid order', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const response = await downloadLink(bought.orderId, buyer.cookie);
    expect(response.statusCode).toBe(200);
    const { downloadUrl } = response.json<{ downloadUrl: string }>();
    expect((await get(downloadUrl)).statusCode).toBe(200);
  });

  test('another user’s order answers like an unknown one', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const other = await signUpAndSignIn(t.app);
    const theirs = await downloadLink(bought.orderId, other.cookie);
    const unknown = await downloadLink('AAAAAAAAAAAAAAAA', other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(theirs.json().message).toBe(OrderMessages.orderNotFound);
  });

  test('pending → 409', async () => {
    const [orderId] = await placeOrders(1);
    const response = await downloadLink(orderId!, buyer.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CheckoutMessages.paymentPending);
  });

  test('refunded → 410, and its earlier link stops working', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    await refund(bought.orderId);
    const response = await downloadLink(bought.orderId, buyer.cookie);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(CheckoutMessages.accessRevoked);
    const old = await get(bought.downloadUrl);
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toBe(CheckoutMessages.accessRevoked);
  });

  test('canceled → 410', async () => {
    const { sessionId, orderId } = await startCheckout(
      t.app,
      t.database.db,
      buyer.cookie,
      product._id,
    );
    await t.app.inject({ method: 'POST', url: `/checkout/test/${sessionId}/cancel` });
    expect((await downloadLink(orderId, buyer.cookie)).statusCode).toBe(410);
  });

  test('signed out → 401', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    expect((await downloadLink(bought.orderId)).statusCode).toBe(401);
  });
});
