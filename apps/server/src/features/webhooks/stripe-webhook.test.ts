import { CheckoutMessages, ErrorCode, type Product } from '@bindery/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import {
  postStripeEvent,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
  stripeTestPayments,
  TEST_WEBHOOK_SECRET,
  type FakeStripe,
  type StripeEventPayload,
} from '../../test/fake-stripe.js';
import {
  generateDownloadLink,
  orderRow,
  startCheckout,
  transitionsOf as transitionsOfOrder,
} from '../../test/purchase.js';

let shop: TestApp;
let fake: FakeStripe;
let product: Product;
beforeAll(async () => {
  fake = await startFakeStripe();
  shop = await buildTestApp({ payments: stripeTestPayments(fake) });
  const admin = await signInAsAdmin(shop.app);
  product = await createTestProduct(shop.app, admin.cookie, { price: 19.99 });
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

interface Purchase {
  cookie: string;
  sessionId: string;
  orderId: string;
}

/** A buyer opens a Stripe checkout for the product; the order is pending. */
async function startPurchase(): Promise<Purchase> {
  const buyer = await signUpAndSignIn(shop.app);
  const started = await startCheckout(shop.app, db(), buyer.cookie, product._id);
  return { cookie: buyer.cookie, sessionId: started.sessionId, orderId: started.orderId };
}

const db = () => shop.database.db;
const orderOf = (orderId: string) => orderRow(db(), orderId);
const statusOf = async (orderId: string) => (await orderOf(orderId)).status;
const transitionsOf = (orderId: string) => transitionsOfOrder(db(), orderId);
/** Everything a webhook may change, to prove a refused one changed nothing. */
const snapshot = async (orderId: string) => ({
  order: await orderOf(orderId),
  transitions: await transitionsOf(orderId),
  events: await db().selectFrom('paymentEvents').selectAll().orderBy('id').execute(),
});

const completed = (sessionId: string, options?: Parameters<FakeStripe['completeSession']>[1]) =>
  stripeEvent('checkout.session.completed', fake.completeSession(sessionId, options));

const deliver = async (event: StripeEventPayload) => {
  const response = await postStripeEvent(shop.app, event);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ received: true });
  return response;
};

const generateLink = (purchase: Purchase) =>
  generateDownloadLink(shop.app, purchase.cookie, purchase.sessionId);

/** A refusal exactly as the client must see it: this status, this message, this code. */
const expectRefusal = (
  response: { statusCode: number; json: () => unknown },
  statusCode: number,
  message: string,
  code: string,
) => {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toEqual({ message, code });
};

const download = (downloadUrl: string) => {
  const url = new URL(downloadUrl, 'http://localhost:3000');
  return shop.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
};

describe('fulfilment', () => {
  test('a paid session pays the order and the file downloads', async () => {
    const purchase = await startPurchase();
    await deliver(completed(purchase.sessionId));
    const order = await orderOf(purchase.orderId);
    expect(order.status).toBe('paid');
    expect(order.paymentIntentId).toBe(fake.session(purchase.sessionId).payment_intent);
    expect(await transitionsOf(purchase.orderId)).toEqual(['pending→paid']);

    const link = await generateLink(purchase);
    expect(link.statusCode, link.body).toBe(200);
    const file = await download(link.json<{ downloadUrl: string }>().downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('one event twice, then 20 times at once → paid once', async () => {
    const purchase = await startPurchase();
    const event = completed(purchase.sessionId);
    await deliver(event);
    await deliver(event);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => postStripeEvent(shop.app, event)),
    );
    expect(burst.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await transitionsOf(purchase.orderId)).toEqual(['pending→paid']);
    const recorded = await db()
      .selectFrom('paymentEvents')
      .select('id')
      .where('id', '=', event.id)
      .execute();
    expect(recorded).toHaveLength(1);
  });

  test('success page racing the webhook → paid once', async () => {
    for (let round = 0; round < 5; round++) {
      const purchase = await startPurchase();
      const event = completed(purchase.sessionId);
      const [hook, page] = await Promise.all([
        postStripeEvent(shop.app, event),
        generateLink(purchase),
      ]);
      expect(hook.statusCode).toBe(200);
      expect(page.statusCode, page.body).toBe(200);
      expect(await transitionsOf(purchase.orderId)).toEqual(['pending→paid']);
    }
  });

  test('an amount mismatch is not fulfilled and is flagged', async () => {
    const purchase = await startPurchase();
    await deliver(completed(purchase.sessionId, { amountTotal: 1 }));
    const order = await orderOf(purchase.orderId);
    expect(order.status).toBe('pending');
    expect(order.reviewReason).toMatch(/1 .*1999/);
    expect(await transitionsOf(purchase.orderId)).toEqual([]);
    expectRefusal(
      await generateLink(purchase),
      409,
      CheckoutMessages.paymentUnderReview,
      ErrorCode.conflict,
    );
  });

  test('a currency mismatch is not fulfilled', async () => {
    const purchase = await startPurchase();
    await deliver(completed(purchase.sessionId, { currency: 'eur' }));
    const order = await orderOf(purchase.orderId);
    expect(order.status).toBe('pending');
    expect(order.reviewReason).toMatch(/eur/);
  });

  test('a database failure → 5xx, and the retry applies once', async () => {
    const purchase = await startPurchase();
    const event = completed(purchase.sessionId);
    const before = await snapshot(purchase.orderId);
    // The transition insert fails after the event row and the status update were written.
    await sql`ALTER TABLE order_transitions RENAME TO order_transitions_away`.execute(db());
    try {
      const failed = await postStripeEvent(shop.app, event);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    } finally {
      await sql`ALTER TABLE order_transitions_away RENAME TO order_transitions`.execute(db());
    }
    expect(await snapshot(purchase.orderId)).toEqual(before);
    await deliver(event);
    expect(await transitionsOf(purchase.orderId)).toEqual(['pending→paid']);
  });
});

describe('events out of order', () => {
  test('expired after completed stays paid', async () => {
    const purchase = await startPurchase();
    const paid = completed(purchase.sessionId);
    const expired = stripeEvent('checkout.session.expired', fake.session(purchase.sessionId));
    await deliver(paid);
    await deliver(expired);
    expect(await statusOf(purchase.orderId)).toBe('paid');
  });

  // Stripe never completes an expired session, so this order only comes from delivery order
  // or a local cancel; a canceled order never becomes paid again (DESIGN 6). The payment is
  // logged as an error for the owner to refund.
  test('completed after expired stays canceled', async () => {
    const purchase = await startPurchase();
    const expired = stripeEvent('checkout.session.expired', fake.expireSession(purchase.sessionId));
    await deliver(expired);
    await deliver(completed(purchase.sessionId));
    expect(await statusOf(purchase.orderId)).toBe('canceled');
    expect(await transitionsOf(purchase.orderId)).toEqual(['pending→canceled']);
  });

  test('async success before completed(unpaid) → paid', async () => {
    const purchase = await startPurchase();
    const unpaid = completed(purchase.sessionId, { paymentStatus: 'unpaid' });
    const succeeded = stripeEvent(
      'checkout.session.async_payment_succeeded',
      fake.completeSession(purchase.sessionId, { paymentStatus: 'paid' }),
    );
    await deliver(succeeded);
    await deliver(unpaid);
    expect(await statusOf(purchase.orderId)).toBe('paid');
  });

  test('completed(unpaid) then async failure → canceled', async () => {
    const purchase = await startPurchase();
    await deliver(completed(purchase.sessionId, { paymentStatus: 'unpaid' }));
    expect(await statusOf(purchase.orderId)).toBe('pending');
    await deliver(
      stripeEvent('checkout.session.async_payment_failed', fake.session(purchase.sessionId)),
    );
    expect(await statusOf(purchase.orderId)).toBe('canceled');
    expectRefusal(
      await generateLink(purchase),
      410,
      CheckoutMessages.accessRevoked,
      ErrorCode.gone,
    );
  });

  test('refund before completed → refunded', async () => {
    const purchase = await startPurchase();
    const paid = completed(purchase.sessionId);
    const refund = stripeEvent(
      'charge.refunded',
      fake.refundedCharge(fake.session(purchase.sessionId).payment_intent!),
    );
    await deliver(refund);
    // The order did not know its payment intent yet: Stripe was asked whose payment it is.
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${fake.session(purchase.sessionId).payment_intent}`,
    });
    expect(await statusOf(purchase.orderId)).toBe('pending');
    await deliver(paid);
    expect(await statusOf(purchase.orderId)).toBe('refunded');
    expectRefusal(
      await generateLink(purchase),
      410,
      CheckoutMessages.accessRevoked,
      ErrorCode.gone,
    );
  });

  test('Stripe down while finding a refund → 503, retried', async () => {
    const purchase = await startPurchase();
    const paid = completed(purchase.sessionId);
    const refund = stripeEvent(
      'charge.refunded',
      fake.refundedCharge(fake.session(purchase.sessionId).payment_intent!),
    );
    fake.failRequests('server-error');
    try {
      const failed = await postStripeEvent(shop.app, refund);
      expect(failed.statusCode).toBe(503);
    } finally {
      fake.recover();
    }
    await deliver(refund);
    await deliver(paid);
    expect(await statusOf(purchase.orderId)).toBe('refunded');
  });

  test('every order of unpaid, success and refund ends refunded', async () => {
    for (const order of permutations(['unpaid', 'succeeded', 'refund'] as const)) {
      const purchase = await startPurchase();
      const events = {
        unpaid: completed(purchase.sessionId, { paymentStatus: 'unpaid' }),
        succeeded: stripeEvent(
          'checkout.session.async_payment_succeeded',
          fake.completeSession(purchase.sessionId, { paymentStatus: 'paid' }),
        ),
        refund: stripeEvent(
          'charge.refunded',
          fake.refundedCharge(fake.session(purchase.sessionId).payment_intent!),
        ),
      };
      for (const name of order) await deliver(events[name]);
      expect(await statusOf(purchase.orderId), order.join(' → ')).toBe('refunded');
    }
  });
});

describe('refunds', () => {
  test('a full refund revokes the download', async () => {
    const purchase = await startPurchase();
    await deliver(completed(purchase.sessionId));
    const link = await generateLink(purchase);
    expect(link.statusCode).toBe(200);
    const { downloadUrl } = link.json<{ downloadUrl: string }>();

    const refund = stripeEvent(
      'charge.refunded',
      fake.refundedCharge(fake.session(purchase.sessionId).payment_intent!),
    );
    await deliver(refund);
    expect(await statusOf(purchase.orderId)).toBe('refunded');
    expectRefusal(
      await download(downloadUrl),
      403,
      CheckoutMessages.accessRevoked,
      ErrorCode.forbidden,
    );
    expectRefusal(
      await generateLink(purchase),
      410,
      CheckoutMessages.accessRevoked,
      ErrorCode.gone,
    );

    // Redelivered: nothing more happens.
    await deliver(refund);
    expect(await transitionsOf(purchase.orderId)).toEqual(['pending→paid', 'paid→refunded']);
  });

  // A partial refund is a goodwill gesture on a purchase the buyer keeps (ADR 008).
  test('a partial refund keeps access', async () => {
    const purchase = await startPurchase();
    await deliver(completed(purchase.sessionId));
    const paymentIntent = fake.session(purchase.sessionId).payment_intent!;
    await deliver(stripeEvent('charge.refunded', fake.refundedCharge(paymentIntent, 500)));
    expect(await statusOf(purchase.orderId)).toBe('paid');
    expect((await generateLink(purchase)).statusCode).toBe(200);
  });
});

describe('signatures', () => {
  const now = () => Math.floor(Date.now() / 1000);

  /** A real paid-session event for a pending order, sent with a broken signature. */
  const forgeries: Array<
    [string, (payload: string) => { body: string; signature: string | null }]
  > = [
    ['missing header', (payload) => ({ body: payload, signature: null })],
    ['garbage header', (payload) => ({ body: payload, signature: 'garbage' })],
    [
      'wrong secret',
      (payload) => ({ body: payload, signature: signStripePayload(payload, 'whsec_wrong') }),
    ],
    [
      'body changed by one byte',
      (payload) => ({
        body: payload.replace(/\n}$/, ' }'),
        signature: signStripePayload(payload, TEST_WEBHOOK_SECRET),
      }),
    ],
    [
      're-serialised JSON',
      (payload) => ({
        body: JSON.stringify(JSON.parse(payload)),
        signature: signStripePayload(payload, TEST_WEBHOOK_SECRET),
      }),
    ],
    [
      'timestamp 301 s old',
      (payload) => ({
        body: payload,
        signature: signStripePayload(payload, TEST_WEBHOOK_SECRET, now() - 301),
      }),
    ],
    ['empty body', () => ({ body: '', signature: signStripePayload('', TEST_WEBHOOK_SECRET) })],
  ];

  test.each(forgeries)('%s → 400, nothing changed', async (_name, forge) => {
    const purchase = await startPurchase();
    const payload = JSON.stringify(completed(purchase.sessionId), null, 2);
    const before = await snapshot(purchase.orderId);
    const { body, signature } = forge(payload);
    const response = await postStripeEvent(shop.app, body, { signature });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Webhook signature verification failed.',
      code: 'BAD_REQUEST',
    });
    expect(await snapshot(purchase.orderId)).toEqual(before);
  });

  test('two v1 signatures, one valid → 200 (rotation)', async () => {
    const purchase = await startPurchase();
    const payload = JSON.stringify(completed(purchase.sessionId), null, 2);
    const timestamp = now();
    const old = signStripePayload(payload, 'whsec_previous_secret', timestamp);
    const current = signStripePayload(payload, TEST_WEBHOOK_SECRET, timestamp);
    const signature = `${old},v1=${current.split('v1=')[1]}`;
    const response = await postStripeEvent(shop.app, payload, { signature });
    expect(response.statusCode).toBe(200);
    expect(await statusOf(purchase.orderId)).toBe('paid');
  });

  // stripe-node bounds only the age of a signature (now − t > 300 s); a signature dated further
  // ahead of our clock than that is refused too (a replay window the secret's holder could open).
  test('timestamp an hour ahead → 400, nothing changed; four minutes ahead (clock skew) → 200', async () => {
    const purchase = await startPurchase();
    const payload = JSON.stringify(completed(purchase.sessionId), null, 2);
    const ahead = await postStripeEvent(shop.app, payload, { timestamp: now() + 3600 });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toEqual({
      message: 'Webhook signature verification failed.',
      code: 'BAD_REQUEST',
    });
    expect(await statusOf(purchase.orderId)).toBe('pending');
    const skewed = await postStripeEvent(shop.app, payload, { timestamp: now() + 240 });
    expect(skewed.statusCode).toBe(200);
    expect(await statusOf(purchase.orderId)).toBe('paid');
  });

  test('a signed event we cannot read → 400', async () => {
    const purchase = await startPurchase();
    const before = await snapshot(purchase.orderId);
    const event = stripeEvent('checkout.session.completed', {
      id: purchase.sessionId,
      metadata: { orderId: purchase.orderId },
    });
    const response = await postStripeEvent(shop.app, event);
    expect(response.statusCode).toBe(400);
    expect(await snapshot(purchase.orderId)).toEqual(before);
  });

  test('an unknown event type → 200, ignored', async () => {
    const purchase = await startPurchase();
    const before = await snapshot(purchase.orderId);
    await deliver(stripeEvent('customer.created', { id: 'cus_123', object: 'customer' }));
    expect(await snapshot(purchase.orderId)).toEqual(before);
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    '%s → 415',
    async (contentType) => {
      const purchase = await startPurchase();
      const payload = JSON.stringify(completed(purchase.sessionId), null, 2);
      const response = await postStripeEvent(shop.app, payload, { contentType });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(await statusOf(purchase.orderId)).toBe('pending');
    },
  );

  test('only POST is routed', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/webhooks/stripe' });
    expect(response.statusCode).toBe(404);
  });
});

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [
      item,
      ...rest,
    ]),
  );
}
