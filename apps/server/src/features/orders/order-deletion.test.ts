import {
  ErrorCode,
  OrderMessages,
  type AdminOrdersResponse,
  type MyOrdersResponse,
  type SalesResponse,
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
import { buyProduct, orderRow, startCheckout } from '../../test/purchase.js';

let t: TestApp;
let clock: TestClock;
let admin: string;
let productId: string;
beforeEach(async () => {
  clock = createTestClock(Date.parse('2026-11-25T15:00:00Z'));
  t = await buildTestApp({}, { clock: clock.now });
  admin = (await signInAsAdmin(t.app)).cookie;
  productId = (await createTestProduct(t.app, admin, { price: 12.5 }))._id;
});
afterEach(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
const remove = (orderId: string) => inject('DELETE', `/api/orders/${orderId}`, admin);
const adminOrders = async () =>
  (await inject('GET', '/api/orders?limit=20', admin)).json<AdminOrdersResponse>();
const myOrders = async (cookie: string, query = '') =>
  (await inject('GET', `/api/orders/myorders${query}`, cookie)).json<MyOrdersResponse>();
const outcome = (orderId: string, result: 'disputed' | 'dispute-lost' | 'refund-failed') =>
  t.app.orders.applyOutcome({ orderId, result, source: 'test', eventId: `${result}:${orderId}` });

/** Each order has its own buyer, so no Buy Now continues or closes another's checkout. */
async function buyer() {
  return (await signUpAndSignIn(t.app)).cookie;
}
async function paidOrder() {
  const cookie = await buyer();
  const bought = await buyProduct(t.app, t.database.db, cookie, productId);
  return { cookie, orderId: bought.orderId, downloadUrl: bought.downloadUrl };
}
async function refundedOrder() {
  const order = await paidOrder();
  expect((await inject('POST', `/api/orders/${order.orderId}/refund`, admin)).statusCode).toBe(200);
  return order;
}
async function pendingOrder() {
  const cookie = await buyer();
  const { orderId, sessionId } = await startCheckout(t.app, t.database.db, cookie, productId);
  return { cookie, orderId, sessionId };
}
async function canceledOrder() {
  const order = await pendingOrder();
  expect((await inject('POST', `/checkout/test/${order.sessionId}/cancel`)).statusCode).toBe(303);
  return order;
}
/** Money that arrived after the checkout was canceled: flagged for the owner. */
async function flaggedOrder() {
  const order = await canceledOrder();
  await t.app.orders.applyOutcome({
    orderId: order.orderId,
    result: 'paid',
    source: 'late',
    amountCents: 1250,
    currency: 'usd',
    paymentIntentId: `pi_late_${order.orderId}`,
  });
  return order;
}

describe('deleting an order keeps the money records true', () => {
  test('the sales overview is history: no delete changes it; each paid order is 409', async () => {
    const paid = [await paidOrder(), await paidOrder()];
    const others = [await refundedOrder(), await canceledOrder(), await pendingOrder()];
    const overview = async () => {
      const response = await inject('GET', '/api/admin/sales', admin);
      expect(response.statusCode).toBe(200);
      return response.json<SalesResponse>();
    };
    const before = await overview();
    expect([before.revenueCents, before.orders, before.refundedCents]).toEqual([2500, 2, 1250]);

    for (const order of paid) {
      const refused = await remove(order.orderId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: OrderMessages.paidNotDeletable,
        code: ErrorCode.conflict,
      });
    }
    for (const order of others) expect((await remove(order.orderId)).statusCode).toBe(204);

    expect(await overview()).toEqual(before);
  });

  test.each([
    ['paid', paidOrder, OrderMessages.paidNotDeletable],
    [
      'paid with a dispute open',
      async () => {
        const order = await paidOrder();
        await outcome(order.orderId, 'disputed');
        return order;
      },
      OrderMessages.disputedNotDeletable,
    ],
    [
      'refunded by a lost dispute',
      async () => {
        const order = await paidOrder();
        await outcome(order.orderId, 'disputed');
        await outcome(order.orderId, 'dispute-lost');
        return order;
      },
      OrderMessages.disputedNotDeletable,
    ],
    ['flagged for review', flaggedOrder, OrderMessages.reviewNotDeletable],
  ])(
    '%s: 409 with the reason; the order stays for the owner and the buyer',
    async (_, make, message) => {
      const order = await make();
      const before = await orderRow(t.database.db, order.orderId);
      const refused = await remove(order.orderId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message, code: ErrorCode.conflict });
      expect(await orderRow(t.database.db, order.orderId)).toEqual(before);
      expect((await adminOrders()).orders.map((listed) => listed._id)).toEqual([order.orderId]);
      const mine = await myOrders(order.cookie, '?include=canceled');
      expect(mine.purchases.map((listed) => listed._id)).toEqual([order.orderId]);
    },
  );

  test('a paid order’s buyer keeps downloading after the refused delete', async () => {
    const order = await paidOrder();
    expect((await remove(order.orderId)).statusCode).toBe(409);
    expect((await inject('GET', order.downloadUrl)).statusCode).toBe(200);
    const link = await inject('POST', `/api/orders/${order.orderId}/download-link`, order.cookie);
    expect(link.statusCode).toBe(200);
  });

  test('refunded and canceled orders leave the admin list, stay on record and in My Orders; then 404', async () => {
    const refunded = await refundedOrder();
    const canceled = await canceledOrder();
    const kept = await paidOrder();
    expect((await adminOrders()).total).toBe(3);

    for (const order of [refunded, canceled]) {
      expect((await remove(order.orderId)).statusCode).toBe(204);
      expect((await orderRow(t.database.db, order.orderId)).hiddenAt).toBe(clock.now());
      const again = await remove(order.orderId);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        message: OrderMessages.orderNotFound,
        code: ErrorCode.notFound,
      });
    }
    const listed = await adminOrders();
    expect([listed.total, listed.orders.map((order) => order._id)]).toEqual([1, [kept.orderId]]);
    const sorted = await inject('GET', '/api/orders?sort=status&order=asc', admin);
    expect(sorted.json<AdminOrdersResponse>().orders.map((order) => order._id)).toEqual([
      kept.orderId,
    ]);

    // The buyer's history is theirs: a refunded order still shows, a canceled one on request.
    expect((await myOrders(refunded.cookie)).purchases).toMatchObject([
      { _id: refunded.orderId, status: 'refunded' },
    ]);
    expect((await myOrders(canceled.cookie)).total).toBe(0);
    expect((await myOrders(canceled.cookie, '?include=canceled')).purchases).toMatchObject([
      { _id: canceled.orderId, status: 'canceled' },
    ]);
  });

  test('a removed refunded order whose refund then fails is listed again and cannot be deleted', async () => {
    const order = await refundedOrder();
    expect((await remove(order.orderId)).statusCode).toBe(204);
    expect((await adminOrders()).total).toBe(0);

    await outcome(order.orderId, 'refund-failed');
    const listed = await adminOrders();
    expect(listed.orders).toMatchObject([{ _id: order.orderId, status: 'paid' }]);
    const refused = await remove(order.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OrderMessages.paidNotDeletable);
  });

  test('a pending order is deleted with its history, as before', async () => {
    const order = await pendingOrder();
    expect((await remove(order.orderId)).statusCode).toBe(204);
    const row = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', order.orderId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await remove(order.orderId)).statusCode).toBe(404);
  });
});
