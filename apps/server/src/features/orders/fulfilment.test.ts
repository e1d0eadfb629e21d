import { CheckoutMessages } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct, orderRow, startCheckout, transitionsOf } from '../../test/purchase.js';
import type { PaymentOutcome } from './fulfilment.js';

let t: TestApp;
let buyer: string;
let productId: string;
let orderId: string;
let sessionId: string;
beforeEach(async () => {
  t = await buildTestApp();
  const admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  productId = (await createTestProduct(t.app, admin, { price: 19 }))._id;
  ({ orderId, sessionId } = await startCheckout(t.app, t.database.db, buyer, productId));
});
afterEach(async () => {
  await t.close();
});

const apply = (outcome: Partial<PaymentOutcome> & Pick<PaymentOutcome, 'result'>) =>
  t.app.orders.applyOutcome({ orderId, source: 'test', ...outcome });
const paid = (eventId?: string) =>
  apply({ result: 'paid', eventId, amountCents: 1900, currency: 'usd' });
const downloadLink = () =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/download-link`,
    headers: { cookie: buyer },
  });

describe('each payment applied once', () => {
  test('one event 20 times at once → one paid transition', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => paid('evt_same')));
    expect(results.filter((result) => result.kind === 'applied')).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'duplicate')).toHaveLength(19);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
  });

  test('20 different events at once → one paid transition', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => paid(`evt_${i}`)));
    expect(results.filter((result) => result.kind === 'applied')).toHaveLength(1);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
  });

  test('the same event twice in a row → applied, then duplicate', async () => {
    expect(await paid('evt_twice')).toEqual({ kind: 'applied', status: 'paid' });
    expect(await paid('evt_twice')).toEqual({ kind: 'duplicate' });
  });
});

describe('out of order', () => {
  test('canceled, then paid → stays canceled', async () => {
    await apply({ result: 'canceled', eventId: 'evt_cancel' });
    expect(await paid('evt_paid')).toEqual({ kind: 'unchanged', status: 'canceled' });
    const row = await orderRow(t.database.db, orderId);
    expect(row.status).toBe('canceled');
    // Money for a closed order is flagged for the seller to refund or deliver by hand.
    expect(row.reviewReason).toMatch(/^paid after the order was canceled/);
    expect((await downloadLink()).statusCode).toBe(410);
  });

  test('refunded before paid → ends refunded, no access', async () => {
    expect(await apply({ result: 'refunded', eventId: 'evt_refund' })).toEqual({
      kind: 'unchanged',
      status: 'pending',
    });
    expect(await paid('evt_paid')).toEqual({ kind: 'applied', status: 'refunded' });
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid', 'paid→refunded']);
    const response = await downloadLink();
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(CheckoutMessages.accessRevoked);
  });

  test('paid, then refunded → links already handed out are refused', async () => {
    const other = await buyProduct(t.app, t.database.db, buyer, productId);
    expect((await t.app.inject({ method: 'GET', url: other.downloadUrl })).statusCode).toBe(200);
    await t.app.orders.applyOutcome({
      orderId: other.orderId,
      result: 'refunded',
      source: 'test',
      eventId: 'evt_r',
    });
    const response = await t.app.inject({ method: 'GET', url: other.downloadUrl });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CheckoutMessages.accessRevoked);
    expect(await transitionsOf(t.database.db, other.orderId)).toEqual([
      'pending→paid',
      'paid→refunded',
    ]);
  });
});

describe('mismatches', () => {
  test.each([
    ['amount', { amountCents: 100, currency: 'usd' }],
    ['currency', { amountCents: 1900, currency: 'eur' }],
  ])('a paid %s that differs → not paid, flagged', async (_name, charged) => {
    const result = await apply({ result: 'paid', eventId: 'evt_mismatch', ...charged });
    expect(result.kind).toBe('mismatch');
    const order = await orderRow(t.database.db, orderId);
    expect(order.status).toBe('pending');
    expect(order.reviewReason).toBeTruthy();
    expect(await transitionsOf(t.database.db, orderId)).toEqual([]);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/session/generate-download-link',
      headers: { cookie: buyer },
      payload: { sessionId },
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().message).toBe(CheckoutMessages.paymentUnderReview);
  });
});

describe('a refund racing its payment', () => {
  test('200 pairs at once: every order ends refunded, none paid', async () => {
    const pairs = 200;
    const owner = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'user')
      .executeTakeFirstOrThrow();
    const ids: string[] = [];
    for (let index = 0; index < pairs; index += 1) {
      const order = await t.app.orders.createPendingOrder({
        userId: owner.id,
        product: { id: productId, priceCents: 1900, currency: 'USD' },
        provider: 'test',
        taxBehavior: null,
      });
      ids.push(order.id);
    }
    // Twenty pairs in flight at a time: more than the PostgreSQL pool has connections.
    for (let start = 0; start < pairs; start += 20) {
      await Promise.all(
        ids.slice(start, start + 20).flatMap((id) => [
          t.app.orders.applyOutcome({
            orderId: id,
            result: 'paid',
            source: 'race',
            eventId: `evt_paid_${id}`,
            amountCents: 1900,
            currency: 'usd',
          }),
          t.app.orders.applyOutcome({
            orderId: id,
            result: 'refunded',
            source: 'race',
            eventId: `evt_refund_${id}`,
          }),
        ]),
      );
    }
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .execute();
    const wrong = rows.filter((row) => row.status !== 'refunded');
    expect(rows).toHaveLength(pairs);
    expect(wrong).toEqual([]);
  });
});
