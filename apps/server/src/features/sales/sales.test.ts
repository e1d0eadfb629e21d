import { ErrorCode, OrderMessages, SalesMessages, type SalesResponse } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { orderRow } from '../../test/order-rows.js';
import { type OrderTransition } from '../orders/index.js';
import { createOrdersRepo } from '../orders/orders.repo.js';
import { createSalesLedger } from './index.js';
import { createSalesRepo } from './sales.repo.js';
import { dayRanges, startOfDate } from '../../lib/calendar-days.js';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** A store whose clock reads `now`, with an admin, a buyer and two products. */
async function store(now: string, timeZone = 'UTC') {
  t = await buildTestApp({ timeZone }, { clock: () => Date.parse(now) });
  const admin = (await signInAsAdmin(t.app)).cookie;
  const buyer = await signUpAndSignIn(t.app);
  const atlas = await createTestProduct(t.app, admin, { title: 'Atlas', price: 10 });
  const guide = await createTestProduct(t.app, admin, { title: 'Guide', price: 4 });
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
  /** An order written as fulfilment leaves it (paid or not, at a moment); its id. */
  const order = async (
    productId: string,
    amountCents: number,
    status: 'paid' | 'refunded' | 'pending' | 'canceled',
    paidAt: string | null,
  ) => {
    const at = paidAt ? Date.parse(paidAt) : Date.parse(now);
    const id = `s${String(++sequence).padStart(15, '0')}`;
    await repo.insertOrder(
      orderRow({
        id,
        userId: user.id,
        productId,
        amountCents,
        status,
        createdAt: at,
        paidAt: paidAt ? at : null,
      }),
    );
    return id;
  };
  const get = (query = '', cookie = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/sales${query}`, headers: { cookie } });
  return { admin, buyer: buyer.cookie, atlas, guide, order, get, repo };
}

describe('the sales overview', () => {
  test('sums paid orders per day, every day listed; refunds apart; pending and canceled ignored', async () => {
    const s = await store('2026-11-25T15:00:00Z');
    await s.order(s.atlas._id, 1000, 'paid', '2026-11-24T09:00:00Z');
    await s.order(s.atlas._id, 1000, 'paid', '2026-11-24T23:59:59Z');
    await s.order(s.guide._id, 400, 'paid', '2026-11-25T00:00:00Z');
    await s.order(s.guide._id, 400, 'refunded', '2026-11-23T12:00:00Z');
    await s.order(s.guide._id, 400, 'pending', null);
    await s.order(s.guide._id, 400, 'canceled', null);
    // Outside the range asked for.
    await s.order(s.atlas._id, 1000, 'paid', '2026-11-21T23:59:59Z');

    const response = await s.get('?from=2026-11-22&to=2026-11-25');
    expect(response.statusCode).toBe(200);
    expect(response.json<SalesResponse>()).toEqual({
      from: '2026-11-22',
      to: '2026-11-25',
      timeZone: 'UTC',
      currency: 'USD',
      revenueCents: 2400,
      taxCents: 0,
      refundedCents: 400,
      discountCents: 0,
      orders: 3,
      days: [
        { date: '2026-11-22', revenueCents: 0, taxCents: 0, orders: 0 },
        { date: '2026-11-23', revenueCents: 0, taxCents: 0, orders: 0 },
        { date: '2026-11-24', revenueCents: 2000, taxCents: 0, orders: 2 },
        { date: '2026-11-25', revenueCents: 400, taxCents: 0, orders: 1 },
      ],
      topProducts: [
        { productId: s.atlas._id, title: 'Atlas', revenueCents: 2000, orders: 2 },
        { productId: s.guide._id, title: 'Guide', revenueCents: 400, orders: 1 },
      ],
      currencies: [
        {
          currency: 'USD',
          revenueCents: 2400,
          taxCents: 0,
          discountCents: 0,
          refundedCents: 400,
          orders: 3,
        },
      ],
    });
  });

  test('defaults to the last 30 days, today included', async () => {
    const s = await store('2026-11-25T15:00:00Z');
    await s.order(s.atlas._id, 1000, 'paid', '2026-10-27T00:00:00Z');
    await s.order(s.atlas._id, 1000, 'paid', '2026-10-26T23:59:59Z');
    const body = (await s.get()).json<SalesResponse>();
    expect([body.from, body.to, body.days.length]).toEqual(['2026-10-27', '2026-11-25', 30]);
    expect(body.orders).toBe(1);
    // Only a start: up to today. Only an end: the 30 days before it.
    const fromOnly = (await s.get('?from=2026-11-20')).json<SalesResponse>();
    expect([fromOnly.from, fromOnly.to]).toEqual(['2026-11-20', '2026-11-25']);
    const toOnly = (await s.get('?to=2026-10-30')).json<SalesResponse>();
    expect([toOnly.from, toOnly.to]).toEqual(['2026-10-01', '2026-10-30']);
  });

  test('days are the store time zone’s: 23:30 UTC is the next day in Berlin', async () => {
    const s = await store('2026-11-25T12:00:00Z', 'Europe/Berlin');
    await s.order(s.atlas._id, 1000, 'paid', '2026-11-23T23:30:00Z');
    const body = (await s.get('?from=2026-11-23&to=2026-11-24')).json<SalesResponse>();
    expect(body.days).toEqual([
      { date: '2026-11-23', revenueCents: 0, taxCents: 0, orders: 0 },
      { date: '2026-11-24', revenueCents: 1000, taxCents: 0, orders: 1 },
    ]);
    expect(body.timeZone).toBe('Europe/Berlin');
  });

  test('a daylight-saving day lasts 23 or 25 hours', () => {
    const [spring] = dayRanges('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(spring!.end - spring!.start).toBe(23 * HOUR);
    const [autumn] = dayRanges('2026-10-25', '2026-10-25', 'Europe/Berlin');
    expect(autumn!.end - autumn!.start).toBe(25 * HOUR);
    expect(startOfDate('2026-11-25', 'America/New_York')).toBe(Date.parse('2026-11-25T05:00:00Z'));
    expect(startOfDate('2026-11-25', 'Asia/Kolkata')).toBe(Date.parse('2026-11-24T18:30:00Z'));
  });

  test('the totals follow every change of an order: payment, refund, restore, grant; not a refused delete', async () => {
    const s = await store('2026-11-25T15:00:00Z');
    const totals = async () => {
      const body = (await s.get('?from=2026-11-24&to=2026-11-25')).json<SalesResponse>();
      return {
        revenue: body.revenueCents,
        refunded: body.refundedCents,
        orders: body.orders,
        days: body.days.map((day) => day.revenueCents),
        top: body.topProducts.map((p) => [p.title, p.revenueCents, p.orders]),
      };
    };
    const move = (id: string, transition: OrderTransition, at?: string) =>
      s.repo.transaction((tx) =>
        tx.moveStatus(id, transition, 'test', Date.parse(at ?? '2026-11-25T15:00:00Z'), {
          ...(at ? { paidAt: Date.parse(at) } : {}),
        }),
      );
    const first = await s.order(s.atlas._id, 1000, 'pending', null);
    const second = await s.order(s.guide._id, 400, 'canceled', null);
    expect(await totals()).toEqual({ revenue: 0, refunded: 0, orders: 0, days: [0, 0], top: [] });

    expect(await move(first, 'pay', '2026-11-24T10:07:00Z')).toBe('paid');
    expect(await totals()).toEqual({
      revenue: 1000,
      refunded: 0,
      orders: 1,
      days: [1000, 0],
      top: [['Atlas', 1000, 1]],
    });
    expect(await move(first, 'refund')).toBe('refunded');
    expect(await totals()).toEqual({
      revenue: 0,
      refunded: 1000,
      orders: 0,
      days: [0, 0],
      top: [],
    });
    // A refund that failed at the provider: paid again, on its first payment's day.
    expect(await move(first, 'restore')).toBe('paid');
    expect((await totals()).days).toEqual([1000, 0]);
    // The owner grants a canceled order whose money came late: paid when granted.
    expect(await move(second, 'grant', '2026-11-25T09:00:00Z')).toBe('paid');
    expect(await totals()).toEqual({
      revenue: 1400,
      refunded: 0,
      orders: 2,
      days: [1000, 400],
      top: [
        ['Atlas', 1000, 1],
        ['Guide', 400, 1],
      ],
    });
    // A move the order cannot make changes nothing.
    expect(await move(second, 'pay', '2026-11-25T10:00:00Z')).toBeNull();
    expect((await totals()).revenue).toBe(1400);

    // Deleting is refused for a paid order, and would change no total: the overview is history.
    const before = await totals();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${first}`,
      headers: { cookie: s.admin },
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(OrderMessages.paidNotDeletable);
    expect(await totals()).toEqual(before);
  });

  test('best sellers of a range cut mid-day: whole days from the totals, the rest from orders', async () => {
    // New York's days start at 05:00 UTC: each day of the range spans two UTC days.
    const s = await store('2026-11-25T15:00:00Z', 'America/New_York');
    await s.order(s.atlas._id, 1000, 'paid', '2026-11-22T05:00:00Z'); // first minute, Nov 22
    await s.order(s.guide._id, 400, 'paid', '2026-11-22T04:59:59Z'); // Nov 21 in New York
    await s.order(s.guide._id, 400, 'paid', '2026-11-23T12:00:00Z'); // a whole UTC day
    await s.order(s.guide._id, 400, 'paid', '2026-11-25T04:59:59Z'); // last second, Nov 24
    await s.order(s.atlas._id, 1000, 'paid', '2026-11-25T05:00:00Z'); // Nov 25
    const body = (await s.get('?from=2026-11-22&to=2026-11-24')).json<SalesResponse>();
    expect(body.topProducts.map((p) => [p.title, p.revenueCents, p.orders])).toEqual([
      ['Atlas', 1000, 1],
      ['Guide', 800, 2],
    ]);
    expect(body.days.map((day) => day.revenueCents)).toEqual([1000, 400, 400]);
  });

  test('the top products are the ten best by revenue', async () => {
    const s = await store('2026-11-25T15:00:00Z');
    for (let i = 0; i < 12; i += 1) {
      const product = await createTestProduct(t.app, s.admin, { title: `P${i}`, price: 1 });
      await s.order(product._id, 100 * (i + 1), 'paid', '2026-11-25T10:00:00Z');
    }
    const body = (await s.get('?from=2026-11-25&to=2026-11-25')).json<SalesResponse>();
    expect(body.topProducts.map((p) => [p.title, p.revenueCents])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`P${11 - i}`, 100 * (12 - i)]),
    );
  });

  test('bad ranges are 400 with clear messages; buyers 403, visitors 401', async () => {
    const s = await store('2026-11-25T15:00:00Z');
    const expect400 = async (query: string, message: string) => {
      const response = await s.get(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await expect400('?from=2026-02-30', SalesMessages.invalidDate);
    await expect400('?from=25-11-2026', SalesMessages.invalidDate);
    await expect400('?to=2026-11-25T00:00', SalesMessages.invalidDate);
    await expect400('?from=2026-11-25&to=2026-11-01', SalesMessages.fromAfterTo);
    await expect400('?from=2024-01-01&to=2026-01-01', SalesMessages.rangeTooLong);
    expect((await s.get('?from=2025-11-24&to=2026-11-25')).statusCode).toBe(400);
    expect((await s.get('?from=2025-11-25&to=2026-11-25')).statusCode).toBe(200);

    const buyer = await s.get('', s.buyer);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().code).toBe(ErrorCode.forbidden);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/sales' })).statusCode).toBe(401);
  });
});
