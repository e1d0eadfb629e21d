import type { Product } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import {
  postStripeEvent,
  startFakeStripe,
  stripeEvent,
  stripeTestPayments,
  type FakeStripe,
} from '../../test/fake-stripe.js';
import { payTestCheckout, startCheckout } from '../../test/purchase.js';

let t: TestApp;
let admin: string;
let product: Product;

const db = () => t.database.db;

/** The numbers given, per kind, in the order of their sequence. */
async function numbersOf(kind: 'invoice' | 'credit-note') {
  const rows = await db()
    .selectFrom('invoiceDocuments')
    .select(['orderId', 'prefix', 'sequence'])
    .where('kind', '=', kind)
    .orderBy('sequence')
    .execute();
  return rows.map((row) => ({ ...row, sequence: Number(row.sequence) }));
}
/** The counter of a kind; 0 before its first document (the row is made then). */
const lastSequence = async (kind: 'invoice' | 'credit-note') => {
  const row = await db()
    .selectFrom('invoiceSequences')
    .select('lastSequence')
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.lastSequence ?? 0);
};
const oneToTwenty = Array.from({ length: 20 }, (_, i) => i + 1);

describe('with the test checkout', () => {
  beforeEach(async () => {
    t = await buildTestApp();
    admin = (await signInAsAdmin(t.app)).cookie;
    product = await createTestProduct(t.app, admin, { price: 9 });
  });
  afterEach(() => t.close());

  /** Twenty buyers, each with a checkout open. */
  const twentyCheckouts = async () =>
    Promise.all(
      oneToTwenty.map(async () => {
        const buyer = await signUpAndSignIn(t.app);
        return startCheckout(t.app, db(), buyer.cookie, product._id);
      }),
    );

  test('20 payments at once get invoices 1 to 20: no gap, no number twice', async () => {
    const checkouts = await twentyCheckouts();
    const paid = await Promise.all(checkouts.map((c) => payTestCheckout(t.app, c.sessionId)));
    expect(paid.map((response) => response.statusCode)).toEqual(Array(20).fill(303));

    const invoices = await numbersOf('invoice');
    expect(invoices.map((row) => row.sequence)).toEqual(oneToTwenty);
    expect(new Set(invoices.map((row) => row.orderId))).toEqual(
      new Set(checkouts.map((c) => c.orderId)),
    );
    expect(invoices.every((row) => row.prefix === 'INV-')).toBe(true);
    expect(await lastSequence('invoice')).toBe(20);
  });

  test('20 refunds at once get credit notes 1 to 20, apart from the invoices', async () => {
    const checkouts = await twentyCheckouts();
    for (const checkout of checkouts) await payTestCheckout(t.app, checkout.sessionId);
    const refunds = await Promise.all(
      checkouts.map((c) =>
        t.app.inject({
          method: 'POST',
          url: `/api/orders/${c.orderId}/refund`,
          headers: { cookie: admin },
          payload: {},
        }),
      ),
    );
    expect(refunds.map((response) => response.statusCode)).toEqual(Array(20).fill(200));

    const notes = await numbersOf('credit-note');
    expect(notes.map((row) => row.sequence)).toEqual(oneToTwenty);
    expect(notes.every((row) => row.prefix === 'CN-')).toBe(true);
    expect(new Set(notes.map((row) => row.orderId)).size).toBe(20);
    expect(await lastSequence('credit-note')).toBe(20);
    expect((await numbersOf('invoice')).map((row) => row.sequence)).toEqual(oneToTwenty);
  });

  test('a checkout that ends unpaid takes no number', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const open = await startCheckout(t.app, db(), buyer.cookie, product._id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/checkout/test/${open.sessionId}/cancel`,
    });
    expect(cancel.statusCode).toBe(303);
    expect(await numbersOf('invoice')).toEqual([]);
    expect(await lastSequence('invoice')).toBe(0);
  });
});

describe('with Stripe', () => {
  let fake: FakeStripe;
  beforeEach(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({ payments: stripeTestPayments(fake) });
    admin = (await signInAsAdmin(t.app)).cookie;
    product = await createTestProduct(t.app, admin, { price: 19.99 });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const deliver = async (event: ReturnType<typeof stripeEvent>) => {
    const response = await postStripeEvent(t.app, event);
    expect(response.statusCode, response.body).toBe(200);
  };

  test('a payment told twice, and by a second event, keeps its one invoice number', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const { sessionId, orderId } = await startCheckout(t.app, db(), buyer.cookie, product._id);
    const session = fake.completeSession(sessionId);
    const event = stripeEvent('checkout.session.completed', session);
    await deliver(event);
    await deliver(event);
    await Promise.all([
      deliver(event),
      deliver(stripeEvent('checkout.session.completed', session)),
    ]);
    expect(await numbersOf('invoice')).toEqual([{ orderId, prefix: 'INV-', sequence: 1 }]);
    expect(await lastSequence('invoice')).toBe(1);

    // A refund told twice: one credit note.
    const refunded = stripeEvent(
      'charge.refunded',
      fake.refundedCharge(String(session.payment_intent)),
    );
    await deliver(refunded);
    await deliver(refunded);
    await deliver(
      stripeEvent('charge.refunded', fake.refundedCharge(String(session.payment_intent))),
    );
    expect(await numbersOf('credit-note')).toEqual([{ orderId, prefix: 'CN-', sequence: 1 }]);
    expect(await lastSequence('credit-note')).toBe(1);
  });
});
