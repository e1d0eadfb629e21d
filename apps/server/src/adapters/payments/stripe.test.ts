import type { Product } from '@bindery/shared';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import {
  startFakeStripe,
  stripeTestPayments,
  type FailureMode,
  type FakeStripe,
} from '../../test/fake-stripe.js';

const TIMEOUT_MS = 800;

let shop: TestApp;
let fake: FakeStripe;
let product: Product;
beforeAll(async () => {
  fake = await startFakeStripe();
  shop = await buildTestApp({ payments: stripeTestPayments(fake, { timeoutMs: TIMEOUT_MS }) });
  const admin = await signInAsAdmin(shop.app);
  product = await createTestProduct(shop.app, admin.cookie, { price: 19.99 });
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});
afterEach(() => fake.recover());

const checkout = (cookie: string, payload: Record<string, unknown> = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/session/checkout',
    headers: { cookie },
    payload: { productId: product._id, ...payload },
  });

const ordersOf = async (email: string) =>
  shop.database.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.userId')
    .select(['orders.id', 'orders.status', 'orders.amountCents'])
    .where('users.email', '=', email)
    .execute();

describe('checkout with Stripe', () => {
  test('charges the stored price, not the posted one', async () => {
    const buyer = await signUpAndSignIn(shop.app);
    const response = await checkout(buyer.cookie, {
      price: 0.01,
      amount: 1,
      amountCents: 1,
      currency: 'jpy',
      unit_amount: 1,
    });
    // The extra fields are dropped by the body schema; Stripe is asked for the stored price.
    expect(response.statusCode).toBe(200);
    const sent = fake.sessionCreations().at(-1)!.params;
    expect(sent).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '1999',
            product_data: { name: product.title },
          },
        },
      ],
    });
    expect(await ordersOf(buyer.email)).toEqual([
      expect.objectContaining({ amountCents: 1999, status: 'pending' }),
    ]);
  });

  test('names the order and the return pages', async () => {
    const buyer = await signUpAndSignIn(shop.app);
    const response = await checkout(buyer.cookie);
    expect(response.statusCode).toBe(200);
    const [order] = await ordersOf(buyer.email);
    const request = fake.sessionCreations().at(-1)!;
    const session = fake.session(sessionIdOf(response.json()));
    expect(response.json()).toEqual({ url: session.url, amountCents: 1999, currency: 'USD' });
    expect(request.params).toMatchObject({
      client_reference_id: order!.id,
      metadata: { orderId: order!.id },
      payment_intent_data: { metadata: { orderId: order!.id } },
      customer_email: buyer.email,
    });
    const {
      success_url: successUrl,
      cancel_url: cancelUrl,
      expires_at: expiresAt,
    } = request.params as Record<string, string>;
    expect(successUrl).toMatch(/^http:\/\/localhost\/.*\{CHECKOUT_SESSION_ID\}/);
    expect(cancelUrl).toMatch(/^http:\/\/localhost\//);
    // Inside Stripe's window (the fake refuses anything under 30 minutes, as Stripe does).
    const minutes = (Number(expiresAt) * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(30);
    expect(minutes).toBeLessThanOrEqual(32);
  });

  test('a retried request reuses the key → one session', async () => {
    const buyer = await signUpAndSignIn(shop.app);
    fake.failRequests('server-error', 1);
    const response = await checkout(buyer.cookie);
    expect(response.statusCode).toBe(200);
    const [order] = await ordersOf(buyer.email);
    const attempts = attemptsFor(order!.id);
    expect(attempts.map((r) => r.answer)).toEqual([500, 200]);
    expect(attempts[0]!.idempotencyKey).toBeTruthy();
    expect(attempts[1]!.idempotencyKey).toBe(attempts[0]!.idempotencyKey);
    expect(fake.sessions().filter((s) => s.metadata.orderId === order!.id)).toHaveLength(1);
  });

  test.each<FailureMode>(['server-error', 'hang', 'reset'])(
    'Stripe %s → 503 in time, order pending',
    async (mode) => {
      const buyer = await signUpAndSignIn(shop.app);
      fake.failRequests(mode);
      const started = Date.now();
      const failed = await checkout(buyer.cookie);
      const elapsed = Date.now() - started;
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 500);
      const [order, ...others] = await ordersOf(buyer.email);
      expect(others).toHaveLength(0);
      expect(order!.status).toBe('pending');
      // Each attempt (the SDK retries once) carried the order's one key; no session opened.
      const attempts = attemptsFor(order!.id);
      expect(attempts.length).toBeGreaterThanOrEqual(1);
      expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(fake.sessions().filter((s) => s.metadata.orderId === order!.id)).toHaveLength(0);
    },
  );
});

const attemptsFor = (orderId: string) =>
  fake
    .sessionCreations()
    .filter((r) => (r.params.metadata as { orderId?: string } | undefined)?.orderId === orderId);

function sessionIdOf(body: { url: string }): string {
  return body.url.split('/').at(-1)!;
}
