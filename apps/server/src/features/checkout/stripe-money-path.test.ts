import {
  CatalogMessages,
  CheckoutMessages,
  ErrorCode,
  OrderMessages,
  type Product,
} from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { STRIPE_API_VERSION } from '../../adapters/payments/stripe.js';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import {
  postStripeEvent,
  startFakeStripe,
  stripeEvent,
  stripeTestPayments,
  type FakeStripe,
} from '../../test/fake-stripe.js';
import { generateDownloadLink, orderRow, transitionsOf } from '../../test/purchase.js';

const MINUTE = 60_000;

let clock: TestClock;
let fake: FakeStripe;
let shop: TestApp;
let admin: string;
let product: Product;
let logs: Array<Record<string, unknown>>;

beforeEach(async () => {
  clock = createTestClock();
  // Stripe and the store share one clock, so a test can move both 25 minutes on.
  fake = await startFakeStripe({ clock: clock.now });
  logs = [];
  shop = await buildTestApp(
    { payments: stripeTestPayments(fake, { timeoutMs: 2_000 }), logLevel: 'info' },
    {
      clock: clock.now,
      logStream: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    },
  );
  admin = (await signInAsAdmin(shop.app)).cookie;
  product = await createTestProduct(shop.app, admin, { price: 19.99 });
});
afterEach(async () => {
  await shop.close();
  await fake.close();
});

const db = () => shop.database.db;

async function buyer() {
  return (await signUpAndSignIn(shop.app)).cookie;
}

const checkout = (cookie: string, productId = product._id) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/session/checkout',
    headers: { cookie },
    payload: { productId },
  });

const sessionIdOf = (url: string) => url.split('/').at(-1)!;

async function orderOfSession(sessionId: string) {
  const row = await db()
    .selectFrom('orders')
    .selectAll()
    .where('providerSessionId', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row;
}

/** A buyer pays through Stripe: checkout, the session completes, the webhook arrives. */
async function paidPurchase(cookie?: string) {
  const who = cookie ?? (await buyer());
  const started = await checkout(who);
  expect(started.statusCode).toBe(200);
  const sessionId = sessionIdOf(started.json<{ url: string }>().url);
  const event = stripeEvent('checkout.session.completed', fake.completeSession(sessionId));
  expect((await postStripeEvent(shop.app, event)).statusCode).toBe(200);
  const order = await orderOfSession(sessionId);
  expect(order.status).toBe('paid');
  const link = await generateDownloadLink(shop.app, who, sessionId);
  expect(link.statusCode).toBe(200);
  return {
    cookie: who,
    sessionId,
    order,
    downloadUrl: link.json<{ downloadUrl: string }>().downloadUrl,
  };
}

const refund = (orderId: string, cookie = admin) =>
  shop.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: { cookie } });
const download = (url: string) => shop.app.inject({ method: 'GET', url });

describe('a second Buy Now', () => {
  test('a minute later returns the same open checkout, without a second session', async () => {
    const cookie = await buyer();
    const first = await checkout(cookie);
    expect(first.statusCode).toBe(200);
    clock.advance(MINUTE);
    const second = await checkout(cookie);
    // Before: the same key was sent with a later expires_at, and Stripe refused it (400).
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(fake.sessionCreations()).toHaveLength(1);
  });

  test('every minute for 24 minutes (the cancel page’s "try again") → the same checkout', async () => {
    const cookie = await buyer();
    const first = (await checkout(cookie)).json<{ url: string }>();
    for (let minute = 1; minute <= 24; minute += 1) {
      clock.advance(MINUTE);
      const again = await checkout(cookie);
      expect(again.statusCode, `minute ${minute}: ${again.body}`).toBe(200);
      expect(again.json()).toEqual(first);
    }
    expect(fake.sessionCreations()).toHaveLength(1);
  });

  test('with under five minutes left → the old checkout is expired at Stripe, a new one under a new key', async () => {
    const cookie = await buyer();
    const first = (await checkout(cookie)).json<{ url: string }>();
    const oldSession = sessionIdOf(first.url);
    clock.advance(27 * MINUTE);
    const second = await checkout(cookie);
    expect(second.statusCode, second.body).toBe(200);
    const newSession = sessionIdOf(second.json<{ url: string }>().url);
    expect(newSession).not.toBe(oldSession);
    expect(fake.session(oldSession).status).toBe('expired');
    expect(fake.sessionExpiries().map((request) => request.path)).toEqual([
      `/v1/checkout/sessions/${oldSession}/expire`,
    ]);
    const [firstKey, secondKey] = fake.sessionCreations().map((request) => request.idempotencyKey);
    expect(secondKey).not.toBe(firstKey);
    expect((await orderOfSession(oldSession)).status).toBe('canceled');
    expect((await orderOfSession(newSession)).status).toBe('pending');
  });

  test('after the product was renamed → a new checkout with the new name; the old one cannot be paid', async () => {
    const cookie = await buyer();
    const oldSession = sessionIdOf((await checkout(cookie)).json<{ url: string }>().url);
    const renamed = await shop.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: { title: 'A Renamed Handbook', description: product.description, price: 19.99 },
    });
    expect(renamed.statusCode).toBe(200);
    clock.advance(MINUTE);
    const second = await checkout(cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(fake.sessionCreations().at(-1)!.params).toMatchObject({
      line_items: [{ price_data: { product_data: { name: 'A Renamed Handbook' } } }],
    });
    expect(fake.session(oldSession).status).toBe('expired');
    // Stripe's own expired event for the replaced session changes nothing more.
    const expired = stripeEvent('checkout.session.expired', fake.session(oldSession));
    expect((await postStripeEvent(shop.app, expired)).statusCode).toBe(200);
    expect((await orderOfSession(sessionIdOf(second.json<{ url: string }>().url))).status).toBe(
      'pending',
    );
  });

  test('paid meanwhile (the webhook not here yet) → the success page, and no second charge', async () => {
    const cookie = await buyer();
    const sessionId = sessionIdOf((await checkout(cookie)).json<{ url: string }>().url);
    fake.completeSession(sessionId);
    clock.advance(MINUTE);
    const again = await checkout(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      url: `http://localhost/store/success?session_id=${sessionId}`,
      amountCents: 1999,
      currency: 'USD',
    });
    expect(fake.sessionCreations()).toHaveLength(1);
    expect((await orderOfSession(sessionId)).status).toBe('paid');
  });

  test('each attempt carries its order’s own key; a lost answer is retried under it → one session', async () => {
    const cookie = await buyer();
    fake.failRequests('answer-lost', 1);
    const response = await checkout(cookie);
    expect(response.statusCode, response.body).toBe(200);
    const attempts = fake.sessionCreations();
    expect(attempts).toHaveLength(2);
    const order = await orderOfSession(sessionIdOf(response.json<{ url: string }>().url));
    expect(attempts[0]!.idempotencyKey).toMatch(new RegExp(`^checkout-${order.id}-`));
    expect(attempts[1]!.idempotencyKey).toBe(attempts[0]!.idempotencyKey);
    expect(fake.sessions()).toHaveLength(1);
  });
});

describe('provider errors', () => {
  test('an invalid Stripe key → 502 with a message a buyer can act on, logged with the order id; the buyer stays signed in', async () => {
    const cookie = await buyer();
    fake.failRequests('bad-key');
    const response = await checkout(cookie);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: CheckoutMessages.providerFailed,
      code: ErrorCode.badGateway,
    });
    expect(response.body).not.toContain('Invalid API Key');
    const [order] = await db().selectFrom('orders').select('id').execute();
    const logged = logs.find((line) => line.msg === 'payment provider refused a request');
    expect(logged).toMatchObject({ level: 50, orderId: order!.id });
    expect(JSON.stringify(logged)).toContain('Invalid API Key provided.');
    const me = await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  test('after the bad key is fixed, the same buyer checks out', async () => {
    const cookie = await buyer();
    fake.failRequests('bad-key', 1);
    expect((await checkout(cookie)).statusCode).toBe(502);
    const retried = await checkout(cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.sessions()).toHaveLength(1);
  });
});

describe('refunds through Stripe', () => {
  test('the admin refunds: Stripe refunds once with the order’s key, links stop, My Orders says refunded', async () => {
    const purchase = await paidPurchase();
    expect((await download(purchase.downloadUrl)).statusCode).toBe(200);
    const response = await refund(purchase.order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ _id: purchase.order.id, status: 'refunded' });
    expect(fake.refunds()).toEqual([
      expect.objectContaining({
        payment_intent: purchase.order.paymentIntentId,
        amount: 1999,
        metadata: { orderId: purchase.order.id },
      }),
    ]);
    expect(fake.refundRequests()[0]!.idempotencyKey).toMatch(
      new RegExp(`^refund-${purchase.order.id}-\\d+$`),
    );
    const refused = await download(purchase.downloadUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CheckoutMessages.accessRevoked);
    const mine = await shop.app.inject({
      method: 'GET',
      url: '/api/orders/myorders',
      headers: { cookie: purchase.cookie },
    });
    expect(mine.json().purchases[0]).toMatchObject({ _id: purchase.order.id, status: 'refunded' });
    // Stripe's charge.refunded that follows changes nothing more.
    const charge = fake.refundedCharge(purchase.order.paymentIntentId!);
    expect(
      (await postStripeEvent(shop.app, stripeEvent('charge.refunded', charge))).statusCode,
    ).toBe(200);
    expect(await transitionsOf(db(), purchase.order.id)).toEqual(['pending→paid', 'paid→refunded']);
  });

  test('a second click → 409, nothing refunded twice; two clicks at once → one refund', async () => {
    const purchase = await paidPurchase();
    const both = await Promise.all([refund(purchase.order.id), refund(purchase.order.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 200]);
    expect(fake.refunds()).toHaveLength(1);
    const keys = new Set(fake.refundRequests().map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(new RegExp(`^refund-${purchase.order.id}-`));
    const again = await refund(purchase.order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OrderMessages.alreadyRefunded);
    expect(fake.refunds()).toHaveLength(1);
  });

  test('a lost answer is retried under the same key → one refund', async () => {
    const purchase = await paidPurchase();
    fake.failRequests('answer-lost', 1);
    const response = await refund(purchase.order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.refundRequests()).toHaveLength(2);
    expect(fake.refunds()).toHaveLength(1);
  });

  test('Stripe down → 503, the order stays paid; Stripe refusing → 502, logged', async () => {
    const purchase = await paidPurchase();
    fake.failRequests('server-error');
    const down = await refund(purchase.order.id);
    expect(down.statusCode).toBe(503);
    fake.recover();
    fake.failRequests('bad-key', 1);
    const refused = await refund(purchase.order.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(OrderMessages.refundProviderFailed);
    expect((await orderRow(db(), purchase.order.id)).status).toBe('paid');
    expect((await download(purchase.downloadUrl)).statusCode).toBe(200);
  });

  test('refunded already in Stripe’s dashboard (its webhook not here yet) → 200 refunded', async () => {
    const purchase = await paidPurchase();
    fake.refundInDashboard(purchase.order.paymentIntentId!);
    const response = await refund(purchase.order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('refunded');
    expect(fake.refunds()).toHaveLength(1);
    expect((await download(purchase.downloadUrl)).statusCode).toBe(403);
  });

  test('a refund that fails at Stripe puts the order back to paid, flagged for the owner', async () => {
    const purchase = await paidPurchase();
    expect((await refund(purchase.order.id)).statusCode).toBe(200);
    const refundObject = fake.refunds()[0]!;
    const updated = stripeEvent('refund.updated', { ...refundObject, status: 'failed' });
    expect((await postStripeEvent(shop.app, updated)).statusCode).toBe(200);
    const row = await orderRow(db(), purchase.order.id);
    expect(row.status).toBe('paid');
    expect(row.reviewReason).toMatch(/failed at the payment provider/);
    expect(await transitionsOf(db(), purchase.order.id)).toEqual([
      'pending→paid',
      'paid→refunded',
      'refunded→paid',
    ]);
    expect((await download(purchase.downloadUrl)).statusCode).toBe(200);
  });

  test('a pending order → 409, nothing asked of Stripe', async () => {
    const cookie = await buyer();
    const sessionId = sessionIdOf((await checkout(cookie)).json<{ url: string }>().url);
    const order = await orderOfSession(sessionId);
    const response = await refund(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(OrderMessages.notRefundable);
    expect(fake.refundRequests()).toHaveLength(0);
  });
});

describe('disputes', () => {
  const dispute = (paymentIntent: string, status: string) => ({
    id: 'dp_1',
    object: 'dispute',
    amount: 1999,
    charge: `ch_${paymentIntent}`,
    currency: 'usd',
    payment_intent: paymentIntent,
    reason: 'fraudulent',
    status,
  });

  test('opened → downloads paused at once with a clear message, flagged for the owner; won → restored', async () => {
    const purchase = await paidPurchase();
    const intent = purchase.order.paymentIntentId!;
    const opened = stripeEvent('charge.dispute.created', dispute(intent, 'needs_response'));
    expect((await postStripeEvent(shop.app, opened)).statusCode).toBe(200);

    const paused = await download(purchase.downloadUrl);
    expect(paused.statusCode).toBe(403);
    expect(paused.json().message).toBe(CheckoutMessages.disputed);
    const fresh = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${purchase.order.id}/download-link`,
      headers: { cookie: purchase.cookie },
    });
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json().message).toBe(CheckoutMessages.disputed);
    const flagged = await shop.app.inject({
      method: 'GET',
      url: '/api/orders?review=true',
      headers: { cookie: admin },
    });
    expect(
      flagged.json().orders.map((o: { _id: string; dispute: string }) => [o._id, o.dispute]),
    ).toEqual([[purchase.order.id, 'open']]);

    const won = stripeEvent('charge.dispute.closed', dispute(intent, 'won'));
    expect((await postStripeEvent(shop.app, won)).statusCode).toBe(200);
    expect((await download(purchase.downloadUrl)).statusCode).toBe(200);
    expect((await orderRow(db(), purchase.order.id)).disputeStatus).toBe('won');
  });

  test('lost → refunded, access ends', async () => {
    const purchase = await paidPurchase();
    const intent = purchase.order.paymentIntentId!;
    await postStripeEvent(
      shop.app,
      stripeEvent('charge.dispute.created', dispute(intent, 'needs_response')),
    );
    const lost = stripeEvent('charge.dispute.closed', dispute(intent, 'lost'));
    expect((await postStripeEvent(shop.app, lost)).statusCode).toBe(200);
    const row = await orderRow(db(), purchase.order.id);
    expect(row.status).toBe('refunded');
    expect(row.disputeStatus).toBe('lost');
    const refused = await download(purchase.downloadUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CheckoutMessages.accessRevoked);
  });
});

describe('API version', () => {
  test('an event of another API version → 400, logged, nothing changed', async () => {
    const cookie = await buyer();
    const sessionId = sessionIdOf((await checkout(cookie)).json<{ url: string }>().url);
    const event = {
      ...stripeEvent('checkout.session.completed', fake.completeSession(sessionId)),
      api_version: '2020-08-27',
    };
    const response = await postStripeEvent(shop.app, event);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(STRIPE_API_VERSION);
    expect((await orderOfSession(sessionId)).status).toBe('pending');
    expect(logs.some((line) => line.apiVersion === '2020-08-27' && line.level === 50)).toBe(true);
  });

  test('requests to Stripe carry the pinned version', async () => {
    await checkout(await buyer());
    expect(fake.requests.at(-1)!.stripeVersion).toBe(STRIPE_API_VERSION);
  });
});

describe('removing products and orders with open checkouts', () => {
  const removeProduct = () =>
    shop.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });

  test('a product with sales is archived: gone from catalogue, search and page; open checkouts expired; buyers keep the file', async () => {
    const bought = await paidPurchase();
    const openSession = sessionIdOf((await checkout(await buyer())).json<{ url: string }>().url);
    expect((await removeProduct()).statusCode).toBe(204);

    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).statusCode,
    ).toBe(404);
    const list = await shop.app.inject({ method: 'GET', url: '/api/products' });
    expect(list.json().products.map((p: Product) => p._id)).not.toContain(product._id);
    expect(list.json().total).toBe(0);
    const search = await shop.app.inject({
      method: 'GET',
      url: `/api/products?search=${encodeURIComponent(product.title.split(' ')[1]!)}`,
    });
    expect(search.json().total).toBe(0);
    const buyAgain = await checkout(await buyer());
    expect(buyAgain.statusCode).toBe(404);
    expect(buyAgain.json().message).toBe(CatalogMessages.productNotFound);

    expect(fake.session(openSession).status).toBe('expired');
    expect((await orderOfSession(openSession)).status).toBe('canceled');
    expect((await download(bought.downloadUrl)).statusCode).toBe(200);
    const mine = await shop.app.inject({
      method: 'GET',
      url: '/api/orders/myorders',
      headers: { cookie: bought.cookie },
    });
    expect(mine.json().purchases[0].product).toMatchObject({
      _id: product._id,
      title: product.title,
    });
  });

  test('a payment that completes just before the removal is fulfilled and the file kept', async () => {
    const cookie = await buyer();
    const sessionId = sessionIdOf((await checkout(cookie)).json<{ url: string }>().url);
    const completed = fake.completeSession(sessionId);
    expect((await removeProduct()).statusCode).toBe(204);
    // Expiring failed (already paid), so Stripe's word was applied: paid, product archived.
    expect((await orderOfSession(sessionId)).status).toBe('paid');
    const webhook = await postStripeEvent(
      shop.app,
      stripeEvent('checkout.session.completed', completed),
    );
    expect(webhook.statusCode).toBe(200);
    const link = await generateDownloadLink(shop.app, cookie, sessionId);
    expect(link.statusCode).toBe(200);
    expect((await download(link.json().downloadUrl)).statusCode).toBe(200);
  });

  test('a product nobody bought is deleted with its files', async () => {
    expect((await removeProduct()).statusCode).toBe(204);
    const row = await db()
      .selectFrom('products')
      .select('id')
      .where('id', '=', product._id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await removeProduct()).statusCode).toBe(404);
  });

  test('deleting a pending order expires its checkout first; a payment that still arrives is kept for review', async () => {
    const cookie = await buyer();
    const sessionId = sessionIdOf((await checkout(cookie)).json<{ url: string }>().url);
    const order = await orderOfSession(sessionId);
    const deleted = await shop.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    expect(fake.session(sessionId).status).toBe('expired');

    // Were it paid anyway (a clock or delivery anomaly), the payment is recorded, not only logged.
    const paid = stripeEvent('checkout.session.completed', {
      ...fake.session(sessionId),
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_late',
    });
    expect((await postStripeEvent(shop.app, paid)).statusCode).toBe(200);
    const unmatched = await shop.app.inject({
      method: 'GET',
      url: '/api/orders/unmatched-payments',
      headers: { cookie: admin },
    });
    expect(unmatched.statusCode).toBe(200);
    expect(unmatched.json().payments).toEqual([
      expect.objectContaining({
        _id: paid.id,
        orderId: order.id,
        paymentIntentId: 'pi_late',
        amountCents: 1999,
      }),
    ]);
  });

  test('deleting an order the buyer paid a moment ago → 409; the order is kept, paid', async () => {
    const cookie = await buyer();
    const sessionId = sessionIdOf((await checkout(cookie)).json<{ url: string }>().url);
    fake.completeSession(sessionId);
    const order = await orderOfSession(sessionId);
    const deleted = await shop.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(OrderMessages.deletedWhilePaid);
    expect((await orderRow(db(), order.id)).status).toBe('paid');
  });
});
