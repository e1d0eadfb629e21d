import { CheckoutMessages, ErrorCode, OrderMessages, type AdminOrder } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct, orderRow, startCheckout, transitionsOf } from '../../test/purchase.js';

let t: TestApp;
let admin: string;
let buyer: string;
let productId: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  productId = (await createTestProduct(t.app, admin, { price: 12.5 }))._id;
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
const refund = (orderId: string, cookie = admin) => post(`/api/orders/${orderId}/refund`, cookie);
const grant = (orderId: string, cookie = admin) =>
  post(`/api/orders/${orderId}/grant-access`, cookie);
const adminOrders = async (query = '') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: { cookie: admin } })
  ).json<{ orders: AdminOrder[]; total: number }>();

describe('refund with the built-in test checkout', () => {
  test('200 with the order refunded; its links stop at once; My Orders shows refunded', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer, productId);
    expect((await t.app.inject({ method: 'GET', url: bought.downloadUrl })).statusCode).toBe(200);

    const response = await refund(bought.orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: bought.orderId,
      status: 'refunded',
      amountCents: 1250,
      canRefund: false,
    });
    const refused = await t.app.inject({ method: 'GET', url: bought.downloadUrl });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CheckoutMessages.accessRevoked);
    const fresh = await post(`/api/orders/${bought.orderId}/download-link`, buyer);
    expect(fresh.statusCode).toBe(410);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/orders/myorders',
      headers: { cookie: buyer },
    });
    expect(mine.json().purchases[0]).toMatchObject({ _id: bought.orderId, status: 'refunded' });
    // The provider side recorded exactly one refund.
    const refunds = await t.database.db.selectFrom('testCheckoutRefunds').selectAll().execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 1250 });
    expect(await transitionsOf(t.database.db, bought.orderId)).toEqual([
      'pending→paid',
      'paid→refunded',
    ]);
  });

  test('a second click → 409 and nothing refunded twice; five at once → one refund', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer, productId);
    const clicks = await Promise.all(Array.from({ length: 5 }, () => refund(bought.orderId)));
    // Each click either refunded (the same refund) or found it refunded already.
    for (const click of clicks) expect([200, 409]).toContain(click.statusCode);
    expect(clicks.some((click) => click.statusCode === 200)).toBe(true);
    const again = await refund(bought.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: OrderMessages.alreadyRefunded,
      code: ErrorCode.conflict,
    });
    expect(
      await t.database.db.selectFrom('testCheckoutRefunds').selectAll().execute(),
    ).toHaveLength(1);
    expect(await transitionsOf(t.database.db, bought.orderId)).toEqual([
      'pending→paid',
      'paid→refunded',
    ]);
  });

  test('an order that is not paid → 409 with a clear message', async () => {
    const { orderId } = await startCheckout(t.app, t.database.db, buyer, productId);
    const response = await refund(orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(OrderMessages.notRefundable);
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
  });

  test('admins only: signed out 401, buyer 403 (even for their own order); unknown 404', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer, productId);
    expect((await post(`/api/orders/${bought.orderId}/refund`)).statusCode).toBe(401);
    expect((await refund(bought.orderId, buyer)).statusCode).toBe(403);
    expect((await refund('AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await refund('not an id')).statusCode).toBe(404);
    expect((await orderRow(t.database.db, bought.orderId)).status).toBe('paid');
  });
});

describe('orders that need review', () => {
  /** A paid checkout whose amount did not match the order: money arrived, not fulfilled. */
  async function mismatchedOrder() {
    const { orderId, sessionId } = await startCheckout(t.app, t.database.db, buyer, productId);
    const result = await t.app.orders.applyOutcome({
      orderId,
      result: 'paid',
      source: 'test',
      eventId: `evt_${orderId}`,
      amountCents: 1,
      currency: 'usd',
      paymentIntentId: 'pi_test_mismatch',
      sessionId,
    });
    expect(result.kind).toBe('mismatch');
    return orderId;
  }

  test('review=true lists only flagged orders, with their reason', async () => {
    await buyProduct(t.app, t.database.db, buyer, productId);
    const flagged = await mismatchedOrder();
    expect((await adminOrders()).total).toBe(2);
    const list = await adminOrders('?review=true');
    expect(list.total).toBe(1);
    expect(list.orders).toEqual([
      expect.objectContaining({
        _id: flagged,
        status: 'pending',
        reviewReason: 'provider charged 1 but the order is 1250',
        canRefund: true,
      }),
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/orders?review=maybe',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('review must be true or false');
  });

  test('grant access: the order becomes paid, the flag clears and the buyer downloads', async () => {
    const flagged = await mismatchedOrder();
    expect((await post(`/api/orders/${flagged}/download-link`, buyer)).statusCode).toBe(409);
    const response = await grant(flagged);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: flagged, status: 'paid', reviewReason: null });
    const link = await post(`/api/orders/${flagged}/download-link`, buyer);
    expect(link.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link.json().downloadUrl })).statusCode).toBe(
      200,
    );
    expect((await adminOrders('?review=true')).total).toBe(0);
    const again = await grant(flagged);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OrderMessages.nothingToGrant);
  });

  test('refund a flagged order: the money goes back, the flag clears', async () => {
    const flagged = await mismatchedOrder();
    // The test checkout knows the payment by its session: complete it as the provider would.
    const row = await orderRow(t.database.db, flagged);
    await t.database.db
      .updateTable('testCheckoutSessions')
      .set({ status: 'complete', paymentStatus: 'paid' })
      .where('id', '=', row.providerSessionId!)
      .execute();
    const response = await refund(flagged);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'refunded', reviewReason: null });
    expect(await transitionsOf(t.database.db, flagged)).toEqual(['pending→refunded']);
  });

  test('money for a canceled order is flagged and can be granted', async () => {
    const { orderId, sessionId } = await startCheckout(t.app, t.database.db, buyer, productId);
    await t.app.orders.applyOutcome({ orderId, result: 'canceled', source: 'test', sessionId });
    await t.app.orders.applyOutcome({
      orderId,
      result: 'paid',
      source: 'late',
      amountCents: 1250,
      currency: 'usd',
      paymentIntentId: 'pi_late',
    });
    const [listed] = (await adminOrders('?review=true')).orders;
    expect(listed).toMatchObject({ _id: orderId, status: 'canceled', canRefund: true });
    expect(listed!.reviewReason).toMatch(/^paid after the order was canceled/);
    expect((await grant(orderId)).json()).toMatchObject({ status: 'paid', reviewReason: null });
    expect(await transitionsOf(t.database.db, orderId)).toEqual([
      'pending→canceled',
      'canceled→paid',
    ]);
  });

  test('grant: buyers 403, an order without a flag 409', async () => {
    const bought = await buyProduct(t.app, t.database.db, buyer, productId);
    expect((await grant(bought.orderId, buyer)).statusCode).toBe(403);
    expect((await grant(bought.orderId)).statusCode).toBe(409);
  });
});
