import { CatalogMessages, CheckoutMessages, OrderMessages, type Product } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import {
  generateDownloadLink,
  orderRow,
  payTestCheckout,
  startCheckout,
  transitionsOf,
} from '../../test/purchase.js';

const MINUTE = 60_000;

let t: TestApp;
let clock: TestClock;
let admin: string;
let buyer: string;
let product: Product;
beforeEach(async () => {
  clock = createTestClock();
  t = await buildTestApp({}, { clock: clock.now });
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { price: 19.99 });
});
afterEach(async () => {
  await t.close();
});

const checkout = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session/checkout',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

const countOrders = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Marks the provider's session paid, as if the buyer paid but its notice never arrived. */
const payAtProviderOnly = (sessionId: string, amountCents?: number) =>
  t.database.db
    .updateTable('testCheckoutSessions')
    .set({
      status: 'complete',
      paymentStatus: 'paid',
      ...(amountCents === undefined ? {} : { amountCents }),
    })
    .where('id', '=', sessionId)
    .execute();

describe('starting a checkout', () => {
  test('charges the stored price, not the posted one', async () => {
    const { orderId, sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id, {
      price: 0.01,
      amount: 1,
      amountCents: 1,
      currency: 'jpy',
      unit_amount: 1,
    });
    const order = await orderRow(t.database.db, orderId);
    expect(order).toMatchObject({ amountCents: 1999, currency: 'usd', status: 'pending' });
    const session = await t.app.payments.retrieveSession(sessionId);
    expect(session).toMatchObject({ amountTotal: 1999, currency: 'usd', status: 'open' });
  });

  test('a new price applies to new orders only', async () => {
    const first = await startCheckout(t.app, t.database.db, buyer, product._id);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: { title: product.title, subtitle: '', description: product.description, price: 25 },
    });
    expect(update.statusCode).toBe(200);
    const second = await startCheckout(t.app, t.database.db, buyer, product._id, { price: 19.99 });
    expect((await orderRow(t.database.db, first.orderId)).amountCents).toBe(1999);
    expect((await orderRow(t.database.db, second.orderId)).amountCents).toBe(2500);
  });

  test('a second click continues the open checkout instead of opening another order', async () => {
    const first = await startCheckout(t.app, t.database.db, buyer, product._id);
    clock.advance(10 * MINUTE);
    const again = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect(again).toEqual(first);
    // With under five minutes left to pay, a fresh checkout starts instead.
    clock.advance(16 * MINUTE);
    const fresh = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect(fresh.orderId).not.toBe(first.orderId);
    // Another buyer never continues someone else's checkout.
    const other = (await signUpAndSignIn(t.app)).cookie;
    expect((await startCheckout(t.app, t.database.db, other, product._id)).orderId).not.toBe(
      fresh.orderId,
    );
  });

  test('answers the hosted checkout page for a pending order', async () => {
    const response = await checkout(buyer, { productId: product._id });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost\/checkout\/test\/cs_test_[\w-]{32}$/);
    const sessionId = url.split('/').pop()!;
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('providerSessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'pending', provider: 'test', productId: product._id });
    expect(order.id).toMatch(/^[\w-]{16}$/);
  });

  test('signed out is refused with 401 and makes no order', async () => {
    const response = await checkout(undefined, { productId: product._id });
    expect(response.statusCode).toBe(401);
    expect(await countOrders()).toBe(0);
  });

  test.each(['AAAAAAAAAAAAAAAA', 'x', '../../etc/passwd', "' OR 1=1 --"])(
    'unknown product %j is 404',
    async (productId) => {
      const response = await checkout(buyer, { productId });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CatalogMessages.productNotFound);
      expect(await countOrders()).toBe(0);
    },
  );

  test.each([{}, { productId: '' }, { productId: 42 }, { productId: ['a'] }])(
    'malformed body %j is 400',
    async (payload) => {
      const response = await checkout(buyer, payload);
      expect(response.statusCode).toBe(400);
      expect(await countOrders()).toBe(0);
    },
  );

  test('a deleted product can no longer be bought', async () => {
    await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect((await checkout(buyer, { productId: product._id })).statusCode).toBe(404);
  });
});

describe('the success page asks for the download link', () => {
  test('before paying: 409 with the message', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await generateDownloadLink(t.app, buyer, sessionId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CheckoutMessages.paymentPending);
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
  });

  test('after paying: a link that downloads', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect((await payTestCheckout(t.app, sessionId)).statusCode).toBe(303);
    const response = await generateDownloadLink(t.app, buyer, sessionId);
    expect(response.statusCode).toBe(200);
    const { downloadUrl, expiresAt } = response.json<{ downloadUrl: string; expiresAt: string }>();
    expect(downloadUrl).toMatch(/^\/api\/downloads\/[\w-]+\.[\w-]+$/);
    expect(Date.parse(expiresAt) - clock.now()).toBeGreaterThan(14 * MINUTE);
    expect(Date.parse(expiresAt) - clock.now()).toBeLessThanOrEqual(15 * MINUTE);
    expect((await t.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
  });

  test('another user’s session is 404 and changes nothing', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    await payAtProviderOnly(sessionId);
    const other = (await signUpAndSignIn(t.app)).cookie;
    const response = await generateDownloadLink(t.app, other, sessionId);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(OrderMessages.orderNotFound);
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
    expect(await transitionsOf(t.database.db, orderId)).toEqual([]);
  });

  test.each(['cs_test_fake', `cs_test_${'A'.repeat(32)}`, 'x', 'a'.repeat(300)])(
    'a made-up session id %# is 404',
    async (sessionId) => {
      const response = await generateDownloadLink(t.app, buyer, sessionId);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(OrderMessages.orderNotFound);
    },
  );

  test('signed out is 401', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session/generate-download-link',
      payload: { sessionId },
    });
    expect(response.statusCode).toBe(401);
  });

  test('confirms with the provider when its notice never came', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    await payAtProviderOnly(sessionId);
    const response = await generateDownloadLink(t.app, buyer, sessionId);
    expect(response.statusCode).toBe(200);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
    const reason = await t.database.db
      .selectFrom('orderTransitions')
      .select('reason')
      .where('orderId', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(reason.reason).toBe('success-page');
  });

  test('a paid session of another amount is not fulfilled', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    await payAtProviderOnly(sessionId, 100);
    const response = await generateDownloadLink(t.app, buyer, sessionId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CheckoutMessages.paymentUnderReview);
    const order = await orderRow(t.database.db, orderId);
    expect(order.status).toBe('pending');
    expect(order.reviewReason).toMatch(/100/);
    expect(await transitionsOf(t.database.db, orderId)).toEqual([]);
  });

  test('racing the payment: 20 calls and the pay → paid exactly once', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const [paid, ...links] = await Promise.all([
      payTestCheckout(t.app, sessionId),
      ...Array.from({ length: 20 }, () => generateDownloadLink(t.app, buyer, sessionId)),
    ]);
    expect(paid!.statusCode).toBe(303);
    for (const link of links) expect([200, 409]).toContain(link.statusCode);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
    expect((await generateDownloadLink(t.app, buyer, sessionId)).statusCode).toBe(200);
  });

  test('an expired checkout answers 410 and cancels the order', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    clock.advance(30 * MINUTE);
    const response = await generateDownloadLink(t.app, buyer, sessionId);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(CheckoutMessages.accessRevoked);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→canceled']);
  });
});

describe('reconciliation of ended checkouts', () => {
  test('an unpaid checkout is canceled at 30 minutes, not before', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    clock.advance(30 * MINUTE - 1000);
    await t.app.checkout.reconcilePendingOrders();
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
    clock.advance(1000);
    await t.app.checkout.reconcilePendingOrders();
    expect((await orderRow(t.database.db, orderId)).status).toBe('canceled');
    expect((await t.app.payments.retrieveSession(sessionId))?.status).toBe('expired');
    expect((await payTestCheckout(t.app, sessionId)).statusCode).toBe(410);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→canceled']);
  });

  test('a paid checkout whose notice was lost is fulfilled', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    await payAtProviderOnly(sessionId);
    clock.advance(31 * MINUTE);
    await t.app.checkout.reconcilePendingOrders();
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
  });

  test('a checkout that never opened is canceled', async () => {
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'user')
      .executeTakeFirstOrThrow();
    // What a failed call to the provider leaves behind: a pending order without a session.
    const order = await t.app.orders.createPendingOrder({
      userId: user.id,
      product: { id: product._id, priceCents: 1999, currency: 'USD' },
      provider: 'test',
      taxBehavior: null,
    });
    clock.advance(31 * MINUTE);
    await t.app.checkout.reconcilePendingOrders();
    expect((await orderRow(t.database.db, order.id)).status).toBe('canceled');
  });

  test('an order flagged for review is left to a person', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    await payAtProviderOnly(sessionId, 100);
    clock.advance(31 * MINUTE);
    await t.app.checkout.reconcilePendingOrders();
    const order = await orderRow(t.database.db, orderId);
    expect(order.status).toBe('pending');
    expect(order.reviewReason).not.toBeNull();
    expect(await t.app.checkout.reconcilePendingOrders()).toBe(0);
  });
});
