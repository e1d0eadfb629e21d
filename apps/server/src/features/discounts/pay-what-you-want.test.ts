import {
  FREE_ORDERS_PER_HOUR,
  PricingMessages,
  type Product,
  type SalesResponse,
} from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct, productBody } from '../../test/factories.js';
import { generateDownloadLink, orderRow } from '../../test/purchase.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** A store with a pay-what-you-want product: $12 suggested, from `minimum`. */
async function store(minimum: number) {
  t = await buildTestApp();
  const app = t.app;
  const admin = (await signInAsAdmin(app)).cookie;
  const product = await createTestProduct(app, admin, {
    title: 'Atlas',
    price: 12,
    payWhatYouWant: true,
    minimumPrice: minimum,
  });
  const checkout = (cookie: string, body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie },
      payload: { productId: product._id, ...body },
    });
  return { app, admin, product, checkout };
}

describe('a pay-what-you-want product', () => {
  test('shows its minimum beside the suggested price, to everyone', async () => {
    const s = await store(5);
    expect(s.product).toMatchObject({ price: 12, payWhatYouWant: true, minimumPrice: 5 });
    const open = await s.app.inject({ method: 'GET', url: `/api/products/${s.product._id}` });
    expect(open.json<Product>()).toMatchObject({ payWhatYouWant: true, minimumPrice: 5 });
    const fixed = await createTestProduct(s.app, s.admin, { price: 3 });
    expect(fixed).toMatchObject({ payWhatYouWant: false, minimumPrice: null });
  });

  test('a minimum above the price, below 0 or with a third decimal is refused', async () => {
    t = await buildTestApp();
    const admin = (await signInAsAdmin(t.app)).cookie;
    for (const minimumPrice of [12.5, -1, 1.005]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: admin },
        payload: await productBody(t.app, admin, {
          price: 12,
          payWhatYouWant: true,
          minimumPrice,
        }),
      });
      expect([response.statusCode, response.json().errors.minimumPrice]).toEqual([
        400,
        [
          minimumPrice === 1.005
            ? PricingMessages.minimumDecimals
            : PricingMessages.minimumInvalid,
        ],
      ]);
    }
  });

  test('an edit keeps it unless it says otherwise; turning it off clears the minimum', async () => {
    const s = await store(5);
    const edit = (body: object) =>
      s.app.inject({
        method: 'PUT',
        url: `/api/products/${s.product._id}`,
        headers: { cookie: s.admin },
        payload: { title: 'Atlas', description: 'A product.', price: 10, ...body },
      });
    expect((await edit({})).json()).toMatchObject({ payWhatYouWant: true, minimumPrice: 5 });
    const below = await edit({ price: 4 });
    expect([below.statusCode, below.json().message]).toEqual([400, PricingMessages.minimumInvalid]);
    expect((await edit({ payWhatYouWant: false })).json()).toMatchObject({
      payWhatYouWant: false,
      minimumPrice: null,
    });
  });

  test('charges the amount the buyer chose, never under the minimum', async () => {
    const s = await store(5);
    const buyer = await signUpAndSignIn(s.app);
    const below = await s.checkout(buyer.cookie, { amount: 4.99 });
    expect([below.statusCode, below.json().message, below.json().errors]).toEqual([
      400,
      PricingMessages.amountBelowMinimum('$5.00'),
      { amount: [PricingMessages.amountBelowMinimum('$5.00')] },
    ]);
    const odd = await s.checkout(buyer.cookie, { amount: 7.555 });
    expect([odd.statusCode, odd.json().message]).toEqual([400, PricingMessages.amountDecimals]);
    const huge = await s.checkout(buyer.cookie, { amount: 100_000.01 });
    expect([huge.statusCode, huge.json().message]).toEqual([
      400,
      PricingMessages.amountTooHigh('$100,000.00'),
    ]);
    expect((await s.checkout(buyer.cookie, { amount: 7.5 })).json().amountCents).toBe(750);
    expect((await s.checkout(buyer.cookie, { amount: 20 })).json().amountCents).toBe(2000);
    // No amount: the suggested price.
    expect((await s.checkout(buyer.cookie, {})).json().amountCents).toBe(1200);
  });

  test('a fixed price ignores the amount sent', async () => {
    t = await buildTestApp();
    const admin = (await signInAsAdmin(t.app)).cookie;
    const fixed = await createTestProduct(t.app, admin, { price: 12 });
    const buyer = await signUpAndSignIn(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie: buyer.cookie },
      payload: { productId: fixed._id, amount: 0.5 },
    });
    expect(response.json()).toMatchObject({ amountCents: 1200 });
  });
});

describe('a free download', () => {
  test('is paid at 0 at once, downloads, and counts in the sales at 0', async () => {
    const s = await store(0);
    const buyer = await signUpAndSignIn(s.app);
    const answer = await s.checkout(buyer.cookie, { amount: 0 });
    expect(answer.statusCode).toBe(200);
    const { url, amountCents } = answer.json<{ url: string; amountCents: number }>();
    expect(amountCents).toBe(0);
    const sessionId = new URL(url).searchParams.get('session_id')!;
    expect(url).toBe(`http://localhost/store/success?session_id=${sessionId}`);
    expect((await generateDownloadLink(s.app, buyer.cookie, sessionId)).statusCode).toBe(200);
    const order = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('providerSessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect((await orderRow(t.database.db, order.id)).status).toBe('paid');
    const sales = await s.app.inject({
      method: 'GET',
      url: '/api/admin/sales',
      headers: { cookie: s.admin },
    });
    expect(sales.json<SalesResponse>()).toMatchObject({ revenueCents: 0, orders: 1 });
    // Refunding it asks no provider: it only ends the buyer's access.
    const refund = await s.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refund`,
      headers: { cookie: s.admin },
    });
    expect([refund.statusCode, refund.json().status]).toEqual([200, 'refunded']);
  });

  test('once per buyer and product, however many requests race', async () => {
    const s = await store(0);
    const buyer = await signUpAndSignIn(s.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => s.checkout(buyer.cookie, { amount: 0 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409,
    ]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(PricingMessages.freeAlreadyClaimed);
    const orders = await t.database.db.selectFrom('orders').select('id').execute();
    expect(orders).toHaveLength(1);
  });

  test(`at most ${FREE_ORDERS_PER_HOUR} an hour per buyer`, async () => {
    t = await buildTestApp();
    const admin = (await signInAsAdmin(t.app)).cookie;
    const buyer = await signUpAndSignIn(t.app);
    const statuses: number[] = [];
    for (let index = 0; index <= FREE_ORDERS_PER_HOUR; index += 1) {
      const free = await createTestProduct(t.app, admin, {
        price: 3,
        payWhatYouWant: true,
        minimumPrice: 0,
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/session/checkout',
        headers: { cookie: buyer.cookie },
        payload: { productId: free._id, amount: 0 },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toBe(PricingMessages.freeTooOften);
        expect(response.headers['retry-after']).toBe('900');
      }
    }
    expect(statuses).toEqual([...Array(FREE_ORDERS_PER_HOUR).fill(200), 429]);
  }, 60_000);
});
