import type { SalesResponse } from '@bindery/shared';
import { afterEach, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { orderRow } from '../../test/order-rows.js';
import { createOrdersRepo } from '../orders/orders.repo.js';
import { createSalesLedger } from './index.js';
import { createSalesRepo } from './sales.repo.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** A EUR store that sold in USD before its owner changed STORE_CURRENCY. */
async function euroStore() {
  const now = Date.parse('2026-11-25T15:00:00Z');
  t = await buildTestApp({ currency: 'EUR', locale: 'de-DE' }, { clock: () => now });
  const admin = (await signInAsAdmin(t.app)).cookie;
  const buyer = await signUpAndSignIn(t.app);
  const atlas = await createTestProduct(t.app, admin, { title: 'Atlas', price: 10 });
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', buyer.email)
    .executeTakeFirstOrThrow();
  const repo = createOrdersRepo(
    t.database.db,
    t.database.dialect,
    createSalesLedger(createSalesRepo(t.database.db, t.database.dialect)),
  );
  let sequence = 0;
  const order = async (amountCents: number, currency: string, status: 'paid' | 'refunded') => {
    const at = Date.parse('2026-11-24T09:00:00Z');
    const id = `c${String(++sequence).padStart(15, '0')}`;
    await repo.insertOrder(
      orderRow({
        id,
        userId: user.id,
        productId: atlas._id,
        amountCents,
        currency,
        status,
        createdAt: at,
        paidAt: at,
      }),
    );
  };
  const overview = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?from=2026-11-24&to=2026-11-25',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    return response.json<SalesResponse>();
  };
  return { atlas, order, overview };
}

test('totals are kept per currency: the store’s figures count its own, the others stand apart', async () => {
  const s = await euroStore();
  await s.order(1999, 'usd', 'paid');
  await s.order(1999, 'usd', 'refunded');
  await s.order(1000, 'eur', 'paid');
  await s.order(1000, 'eur', 'paid');
  await s.order(1500, 'jpy', 'paid');

  const body = await s.overview();
  expect(body.currency).toBe('EUR');
  expect([body.revenueCents, body.refundedCents, body.orders]).toEqual([2000, 0, 2]);
  expect(body.days).toEqual([
    { date: '2026-11-24', revenueCents: 2000, taxCents: 0, orders: 2 },
    { date: '2026-11-25', revenueCents: 0, taxCents: 0, orders: 0 },
  ]);
  expect(body.topProducts).toEqual([
    { productId: s.atlas._id, title: 'Atlas', revenueCents: 2000, orders: 2 },
  ]);
  expect(body.currencies).toEqual([
    {
      currency: 'EUR',
      revenueCents: 2000,
      taxCents: 0,
      discountCents: 0,
      refundedCents: 0,
      orders: 2,
    },
    {
      currency: 'JPY',
      revenueCents: 1500,
      taxCents: 0,
      discountCents: 0,
      refundedCents: 0,
      orders: 1,
    },
    {
      currency: 'USD',
      revenueCents: 1999,
      taxCents: 0,
      discountCents: 0,
      refundedCents: 1999,
      orders: 1,
    },
  ]);
});

test('a store with no sales in its own currency still lists it first, at zero', async () => {
  const s = await euroStore();
  await s.order(1999, 'usd', 'paid');
  const body = await s.overview();
  expect(body.revenueCents).toBe(0);
  expect(body.currencies).toEqual([
    {
      currency: 'EUR',
      revenueCents: 0,
      taxCents: 0,
      discountCents: 0,
      refundedCents: 0,
      orders: 0,
    },
    {
      currency: 'USD',
      revenueCents: 1999,
      taxCents: 0,
      discountCents: 0,
      refundedCents: 0,
      orders: 1,
    },
  ]);
});
