import { CheckoutMessages, ErrorCode, type Product, type TaxBehavior } from '@bindery/shared';
import Stripe from 'stripe';
import { afterEach, describe, expect, test } from 'vitest';
import { signUpAndSignIn } from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import type { CompleteOptions } from '../../test/fake-stripe.js';
import { generateDownloadLink, orderRow } from '../../test/purchase.js';
import { openStripeStore, type StripeStore } from '../../test/stripe-store.js';

const MINUTE = 60_000;

let store: StripeStore;
afterEach(async () => {
  await store.close();
});

/** A EUR store (with Stripe Tax unless `taxBehavior` is null) and a €19.90 book. */
async function openStore(taxBehavior: TaxBehavior | null = 'exclusive') {
  store = await openStripeStore(taxBehavior ? { taxBehavior } : {});
  return createTestProduct(store.shop.app, store.admin, { price: 19.9 });
}

async function buy(product: Product) {
  const buyer = await signUpAndSignIn(store.shop.app);
  return { buyer, ...(await store.buyNow(buyer.cookie, product._id)) };
}

const orderOf = (orderId: string) => orderRow(store.shop.database.db, orderId);
const receiptsTo = (email: string) =>
  store.shop.database.db
    .selectFrom('mailOutbox')
    .select('id')
    .where('toAddress', '=', email)
    .where('kind', '=', 'receipt')
    .execute();

describe('a payment whose amounts do not add up is flagged for review, as amount mismatches are', () => {
  const german = { buyer: { country: 'DE' } };
  test.each<[string, TaxBehavior | null, CompleteOptions, string]>([
    [
      'exclusive: total ≠ subtotal + tax',
      'exclusive',
      { ...german, amountTotal: 2400 },
      'provider charged 2400 but the order is 1990 + 378 tax',
    ],
    [
      'exclusive: subtotal ≠ price',
      'exclusive',
      { ...german, amountSubtotal: 1000, amountTax: 190, amountTotal: 1190 },
      "provider's subtotal is 1000 but the order is 1990 before tax",
    ],
    [
      'inclusive: total ≠ price',
      'inclusive',
      { ...german, amountSubtotal: 2368, amountTotal: 2368 },
      'provider charged 2368 but the order is 1990, tax included',
    ],
    [
      'tax charged when none was asked',
      null,
      { ...german, amountTax: 318 },
      'provider charged 318 tax but the order asked for none',
    ],
    [
      'tax on top when none was asked',
      null,
      { ...german, amountTax: 378, amountTotal: 2368 },
      'provider charged 2368 but the order is 1990',
    ],
  ])('%s', async (_case, taxBehavior, completion, reason) => {
    const product = await openStore(taxBehavior);
    const { buyer, sessionId, orderId } = await buy(product);
    await store.payByWebhook(sessionId, completion);

    const order = await orderOf(orderId);
    expect([order.status, order.reviewReason]).toEqual([
      'pending',
      expect.stringContaining(reason),
    ]);
    // Nothing of the disputed payment is recorded as if it were right.
    expect([order.amountCents, order.taxCents, order.buyerCountry]).toEqual([1990, 0, null]);
    expect(await store.adminOrder(orderId, true)).toMatchObject({ status: 'pending' });
    expect(await receiptsTo(buyer.email)).toEqual([]);
    const link = await generateDownloadLink(store.shop.app, buyer.cookie, sessionId);
    expect(link.statusCode).toBe(409);
    expect(link.json()).toEqual({
      message: CheckoutMessages.paymentUnderReview,
      code: ErrorCode.conflict,
    });
    expect(await store.salesToday()).toMatchObject({ revenueCents: 0, taxCents: 0 });
  });
});

describe('without the webhook, Stripe is asked and the same facts are recorded', () => {
  const recorded = {
    status: 'paid',
    amountCents: 2368,
    subtotalCents: 1990,
    taxCents: 378,
    taxRate: '19',
    buyerName: 'Erika Mustermann',
    buyerCountry: 'DE',
    buyerTaxId: 'DE123456789',
  };
  const buyer = {
    country: 'DE',
    name: 'Erika Mustermann',
    taxIds: [{ type: 'eu_vat', value: 'DE123456789' }],
  };

  test('the success page', async () => {
    const product = await openStore();
    const purchase = await buy(product);
    store.fake.completeSession(purchase.sessionId, { buyer });
    const link = await generateDownloadLink(
      store.shop.app,
      purchase.buyer.cookie,
      purchase.sessionId,
    );
    expect(link.statusCode, link.body).toBe(200);
    expect(await orderOf(purchase.orderId)).toMatchObject(recorded);
    expect(await store.myPurchase(purchase.buyer.cookie, purchase.orderId)).toMatchObject({
      amountCents: 2368,
      taxCents: 378,
      buyerCountry: 'DE',
      buyerTaxId: 'DE123456789',
    });
  });

  test('reconciliation of a checkout nobody reported', async () => {
    const product = await openStore();
    const purchase = await buy(product);
    store.fake.completeSession(purchase.sessionId, { buyer });
    store.clock.advance(31 * MINUTE);
    expect(await store.shop.app.checkout.reconcilePendingOrders()).toBe(1);
    expect(await orderOf(purchase.orderId)).toMatchObject(recorded);
    expect(await store.salesToday()).toMatchObject({ revenueCents: 1990, taxCents: 378 });
  });
});

describe('the Stripe-shaped test server, as Stripe', () => {
  test('refuses automatic tax on a price without a tax behaviour; answers the breakdown only when expanded', async () => {
    const product = await openStore();
    const stripe = new Stripe('sk_test_bindery', { ...store.fake.api, maxNetworkRetries: 0 });
    const line = { currency: 'eur', unit_amount: 1990, product_data: { name: 'Atlas' } };
    const refused = await stripe.checkout.sessions
      .create({
        mode: 'payment',
        success_url: 'http://localhost/ok',
        line_items: [{ quantity: 1, price_data: line }],
        automatic_tax: { enabled: true },
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price_data][tax_behavior]',
    });

    const { sessionId } = await buy(product);
    store.fake.completeSession(sessionId, { buyer: { country: 'FR' } });
    const plain = await stripe.checkout.sessions.retrieve(sessionId);
    expect(plain.total_details).toEqual({
      amount_discount: 0,
      amount_shipping: 0,
      amount_tax: 398,
    });
    const expanded = await stripe.checkout.sessions.retrieve(sessionId, {
      expand: ['total_details.breakdown'],
    });
    expect(expanded).toMatchObject({
      amount_subtotal: 1990,
      amount_total: 2388,
      automatic_tax: { enabled: true, status: 'complete' },
      customer_details: { address: { country: 'FR' }, tax_exempt: 'none', tax_ids: [] },
    });
    expect(expanded.total_details?.breakdown).toEqual({
      discounts: [],
      taxes: [
        expect.objectContaining({
          amount: 398,
          rate: expect.objectContaining({ percentage: 20, country: 'FR', inclusive: false }),
          taxability_reason: 'standard_rated',
        }),
      ],
    });
  });
});
