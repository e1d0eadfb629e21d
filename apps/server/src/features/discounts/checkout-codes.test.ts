import { DiscountMessages, type Discount, type MyOrdersResponse } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { openStripeStore, type StripeStore } from '../../test/stripe-store.js';
import {
  generateDownloadLink,
  orderRow,
  payTestCheckout,
  startCheckout,
} from '../../test/purchase.js';

let t: TestApp | undefined;
let stripe: StripeStore | undefined;
afterEach(async () => {
  await t?.close();
  await stripe?.close();
  t = undefined;
  stripe = undefined;
});

/** A store with a $12 product and the codes asked for. */
async function store(codes: object[]) {
  t = await buildTestApp();
  const app = t.app;
  const admin = (await signInAsAdmin(app)).cookie;
  const atlas = await createTestProduct(app, admin, { title: 'Atlas', price: 12 });
  const discounts: Discount[] = [];
  for (const code of codes) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      headers: { cookie: admin },
      payload: code,
    });
    discounts.push(response.json<Discount>());
  }
  const checkout = (cookie: string, discountCode?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie },
      payload: { productId: atlas._id, ...(discountCode ? { discountCode } : {}) },
    });
  const redemptions = async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/discounts',
      headers: { cookie: admin },
    });
    return list.json<{ discounts: Discount[] }>().discounts.map((d) => [d.code, d.redemptions]);
  };
  const ordersCount = async () =>
    (await t!.database.db.selectFrom('orders').select('id').execute()).length;
  return { app, db: t.database.db, admin, atlas, discounts, checkout, redemptions, ordersCount };
}

describe('a discount code at checkout', () => {
  test('charges the discounted price; the paid order keeps the code and the discount', async () => {
    const s = await store([{ code: 'Spring', percentOff: 25 }]);
    const buyer = await signUpAndSignIn(s.app);
    const { sessionId, orderId } = await startCheckout(s.app, s.db, buyer.cookie, s.atlas._id, {
      discountCode: 'SPRING',
    });
    const page = await s.app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` });
    expect(page.body).toContain('$9.00');
    expect((await payTestCheckout(s.app, sessionId)).statusCode).toBe(303);
    const order = await orderRow(s.db, orderId);
    expect([order.status, order.amountCents, order.discountCode, order.discountCents]).toEqual([
      'paid',
      900,
      'Spring',
      300,
    ]);
    expect(await s.redemptions()).toEqual([['Spring', 1]]);
    const mine = await s.app.inject({
      method: 'GET',
      url: '/api/orders/myorders',
      headers: { cookie: buyer.cookie },
    });
    expect(mine.json<MyOrdersResponse>().purchases[0]).toMatchObject({ amountCents: 900 });
  });

  test('a code that does not apply is refused and no order is made', async () => {
    const s = await store([
      { code: 'OVER', percentOff: 10, endsAt: '2020-01-01' },
      { code: 'OTHER', percentOff: 10, productIds: [] },
    ]);
    const buyer = await signUpAndSignIn(s.app);
    const unknown = await s.checkout(buyer.cookie, 'WINTER');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      DiscountMessages.unknownCode,
    ]);
    const expired = await s.checkout(buyer.cookie, 'over');
    expect([expired.statusCode, expired.json().message]).toEqual([409, DiscountMessages.expired]);
    expect(await s.ordersCount()).toBe(0);
    // Without a code (or with an empty one) the buyer pays the full price.
    const full = await s.checkout(buyer.cookie, '');
    expect(full.json()).toMatchObject({ amountCents: 1200, currency: 'USD' });
  });

  test('a checkout holds the last redemption until it is canceled', async () => {
    const s = await store([{ code: 'ONCE', amountOff: 2, maxRedemptions: 1 }]);
    const first = await signUpAndSignIn(s.app);
    const second = await signUpAndSignIn(s.app);
    const held = await startCheckout(s.app, s.db, first.cookie, s.atlas._id, {
      discountCode: 'ONCE',
    });
    const refused = await s.checkout(second.cookie, 'ONCE');
    expect([refused.statusCode, refused.json().message]).toEqual([409, DiscountMessages.usedUp]);
    // The first buyer gives up: the redemption is free again.
    const canceled = await s.app.inject({
      method: 'POST',
      url: `/checkout/test/${held.sessionId}/cancel`,
    });
    expect(canceled.statusCode).toBe(303);
    const now = await s.checkout(second.cookie, 'ONCE');
    expect(now.statusCode).toBe(200);
    expect(now.json().amountCents).toBe(1000);
    expect(await s.redemptions()).toEqual([['ONCE', 0]]);
  });

  test('a refund gives the redemption back', async () => {
    const s = await store([{ code: 'ONCE', percentOff: 50, maxRedemptions: 1 }]);
    const buyer = await signUpAndSignIn(s.app);
    const { sessionId, orderId } = await startCheckout(s.app, s.db, buyer.cookie, s.atlas._id, {
      discountCode: 'ONCE',
    });
    await payTestCheckout(s.app, sessionId);
    expect(await s.redemptions()).toEqual([['ONCE', 1]]);
    const refund = await s.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refund`,
      headers: { cookie: s.admin },
    });
    expect(refund.statusCode).toBe(200);
    expect(await s.redemptions()).toEqual([['ONCE', 0]]);
    expect((await orderRow(s.db, orderId)).discountCode).toBe('ONCE');
  });

  test('20 buyers racing for a code with 3 redemptions: 3 checkouts, 3 paid orders', async () => {
    const s = await store([{ code: 'FEW', percentOff: 10, maxRedemptions: 3 }]);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signUpAndSignIn(s.app)));
    const answers = await Promise.all(buyers.map((buyer) => s.checkout(buyer.cookie, 'FEW')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(17).fill(409)]);
    const sessions = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json<{ url: string }>().url.split('/').pop()!);
    const paid = await Promise.all(sessions.map((id) => payTestCheckout(s.app, id)));
    expect(paid.map((answer) => answer.statusCode)).toEqual([303, 303, 303]);
    const withCode = await s.db
      .selectFrom('orders')
      .select('id')
      .where('discountCode', '=', 'FEW')
      .where('status', '=', 'paid')
      .execute();
    expect(withCode).toHaveLength(3);
    expect(await s.redemptions()).toEqual([['FEW', 3]]);
  }, 60_000);

  test('a code that takes the whole price off is a free download', async () => {
    const s = await store([{ code: 'GIFT', percentOff: 100 }]);
    const buyer = await signUpAndSignIn(s.app);
    const answer = await s.checkout(buyer.cookie, 'gift');
    expect(answer.statusCode).toBe(200);
    const { url, amountCents } = answer.json<{ url: string; amountCents: number }>();
    expect(amountCents).toBe(0);
    const sessionId = new URL(url).searchParams.get('session_id')!;
    expect(url).toBe(`http://localhost/store/success?session_id=${sessionId}`);
    const link = await generateDownloadLink(s.app, buyer.cookie, sessionId);
    expect(link.statusCode).toBe(200);
    const order = await s.db
      .selectFrom('orders')
      .selectAll()
      .where('providerSessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect([order.status, order.amountCents, order.discountCode, order.discountCents]).toEqual([
      'paid',
      0,
      'GIFT',
      1200,
    ]);
    expect(await s.redemptions()).toEqual([['GIFT', 1]]);
  });
});

test('Stripe is asked for the discounted unit_amount', async () => {
  stripe = await openStripeStore({ currency: 'EUR', locale: 'de-DE' });
  const { shop, fake, admin } = stripe;
  const atlas = await createTestProduct(shop.app, admin, { title: 'Atlas', price: 19.9 });
  await shop.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: { cookie: admin },
    payload: { code: 'FIVE', amountOff: 5 },
  });
  const buyer = await signUpAndSignIn(shop.app);
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/session/checkout',
    headers: { cookie: buyer.cookie },
    payload: { productId: atlas._id, discountCode: 'five' },
  });
  expect(answer.json()).toMatchObject({ amountCents: 1490, currency: 'EUR' });
  const params = fake.sessionCreations().at(-1)!.params as {
    line_items: Array<{ price_data: { currency: string; unit_amount: string } }>;
  };
  expect(params.line_items[0]!.price_data).toMatchObject({ currency: 'eur', unit_amount: '1490' });
});
