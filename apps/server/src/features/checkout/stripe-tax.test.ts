import { DEFAULT_TAX_CODE, type Product } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { signUpAndSignIn, testConfig } from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { postStripeEvent, stripeEvent } from '../../test/fake-stripe.js';
import { orderRow, startCheckout } from '../../test/purchase.js';
import {
  openStripeStore,
  type StripeStore,
  type StripeStoreOptions,
} from '../../test/stripe-store.js';

let store: StripeStore;
afterEach(async () => {
  await store.close();
});

/** A store with Stripe Tax (or without, `taxBehavior: undefined`) and a €19.90 book. */
async function openStore(options: StripeStoreOptions = { taxBehavior: 'exclusive' }) {
  store = await openStripeStore(options);
  const product = await createTestProduct(store.shop.app, store.admin, { price: 19.9 });
  return { product };
}

/** The first line item and the session-level tax parameters the store sent Stripe last. */
function lastSessionRequest() {
  const params = store.fake.sessionCreations().at(-1)!.params as {
    automatic_tax?: unknown;
    billing_address_collection?: unknown;
    tax_id_collection?: unknown;
    line_items: Array<{ price_data: Record<string, unknown> }>;
  };
  return {
    automatic_tax: params.automatic_tax,
    billing_address_collection: params.billing_address_collection,
    tax_id_collection: params.tax_id_collection,
    line: params.line_items[0]!.price_data,
  };
}

const orderOf = (orderId: string) => orderRow(store.shop.database.db, orderId);

async function buy(product: Product) {
  const buyer = await signUpAndSignIn(store.shop.app);
  return { buyer, ...(await store.buyNow(buyer.cookie, product._id)) };
}

describe('a EUR store with STRIPE_TAX=true', () => {
  test('Buy Now asks Stripe for automatic tax, the billing address, tax IDs, the line’s behaviour and tax code', async () => {
    const { product } = await openStore();
    const { buyer, sessionId } = await buy(product);
    expect(lastSessionRequest()).toEqual({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      line: {
        currency: 'eur',
        unit_amount: '1990',
        tax_behavior: 'exclusive',
        product_data: { name: product.title, tax_code: DEFAULT_TAX_CODE },
      },
    });
    expect(DEFAULT_TAX_CODE).toBe('txcd_10302000');
    expect(store.fake.session(sessionId).automatic_tax).toMatchObject({
      enabled: true,
      status: 'requires_location_inputs',
    });
    // Buy Now again a minute later: the same checkout (Stripe replays the key's same request).
    store.clock.advance(60_000);
    expect((await store.buyNow(buyer.cookie, product._id)).sessionId).toBe(sessionId);
    expect(store.fake.sessionCreations()).toHaveLength(1);

    // A product with a tax code of its own (the admin's field; written here directly).
    const audiobook = await createTestProduct(store.shop.app, store.admin, { price: 9 });
    await store.shop.database.db
      .updateTable('products')
      .set({ taxCode: 'txcd_10401100' })
      .where('id', '=', audiobook._id)
      .execute();
    await buy(audiobook);
    expect(lastSessionRequest().line).toMatchObject({
      unit_amount: '900',
      tax_behavior: 'exclusive',
      product_data: { tax_code: 'txcd_10401100' },
    });
  });

  test('a German buyer at 19 %: the webhook records subtotal, tax, total, country, name and rate; every answer carries them', async () => {
    const { product } = await openStore();
    const { buyer, sessionId, orderId } = await buy(product);
    await store.payByWebhook(sessionId, { buyer: { country: 'DE', name: 'Erika Mustermann' } });

    const taxed = {
      amountCents: 2368,
      subtotalCents: 1990,
      taxCents: 378,
      currency: 'EUR',
      buyerCountry: 'DE',
      buyerTaxId: null,
      status: 'paid',
    };
    expect(await store.myPurchase(buyer.cookie, orderId)).toMatchObject(taxed);
    expect(await store.adminOrder(orderId)).toMatchObject({ ...taxed, reviewReason: null });
    expect(await orderOf(orderId)).toMatchObject({
      taxBehavior: 'exclusive',
      taxRate: '19',
      buyerName: 'Erika Mustermann',
    });
    // The event has no breakdown; the rate came from one retrieve that expanded it.
    const retrieves = store.fake.requests.filter(
      (request) => request.method === 'GET' && request.path.endsWith(sessionId),
    );
    expect(retrieves.map((request) => request.query)).toEqual([
      { expand: ['total_details.breakdown'] },
    ]);

    const sales = await store.salesToday();
    expect(sales).toMatchObject({ revenueCents: 1990, taxCents: 378, orders: 1 });
    expect(sales.days).toEqual([expect.objectContaining({ revenueCents: 1990, taxCents: 378 })]);
    expect(sales.currencies).toEqual([
      {
        currency: 'EUR',
        revenueCents: 1990,
        taxCents: 378,
        discountCents: 0,
        refundedCents: 0,
        orders: 1,
      },
    ]);
  });

  test('Stripe not answering the rate’s retrieve: the order is still paid and recorded, without a rate', async () => {
    const { product } = await openStore();
    const { buyer, sessionId, orderId } = await buy(product);
    const event = stripeEvent(
      'checkout.session.completed',
      store.fake.completeSession(sessionId, { buyer: { country: 'DE' } }),
    );
    store.fake.failRequests('server-error');
    const delivered = await postStripeEvent(store.shop.app, event);
    store.fake.recover();
    expect(delivered.statusCode, delivered.body).toBe(200);
    // One retrieve, retried once by the SDK, both answered 500.
    const retrieves = store.fake.requests.filter((request) => request.method === 'GET');
    expect(retrieves.map((request) => [request.path, request.answer])).toEqual([
      [`/v1/checkout/sessions/${sessionId}`, 500],
      [`/v1/checkout/sessions/${sessionId}`, 500],
    ]);
    expect(await store.myPurchase(buyer.cookie, orderId)).toMatchObject({
      status: 'paid',
      amountCents: 2368,
      taxCents: 378,
      buyerCountry: 'DE',
    });
    expect((await orderOf(orderId)).taxRate).toBeNull();
  });

  test('a business buyer’s VAT ID is recorded; one in another EU country is reverse-charged (no tax)', async () => {
    const { product } = await openStore();
    const german = await buy(product);
    const germanVat = [{ type: 'eu_vat', value: 'DE123456789' }];
    await store.payByWebhook(german.sessionId, { buyer: { country: 'DE', taxIds: germanVat } });
    expect(await store.myPurchase(german.buyer.cookie, german.orderId)).toMatchObject({
      amountCents: 2368,
      taxCents: 378,
      buyerCountry: 'DE',
      buyerTaxId: 'DE123456789',
    });

    const french = await buy(product);
    const frenchVat = [{ type: 'eu_vat', value: 'FRAB123456789' }];
    await store.payByWebhook(french.sessionId, { buyer: { country: 'FR', taxIds: frenchVat } });
    expect(store.fake.session(french.sessionId).customer_details?.tax_exempt).toBe('reverse');
    expect(await store.adminOrder(french.orderId)).toMatchObject({
      status: 'paid',
      amountCents: 1990,
      subtotalCents: 1990,
      taxCents: 0,
      buyerCountry: 'FR',
      buyerTaxId: 'FRAB123456789',
    });
    expect((await orderOf(french.orderId)).taxRate).toBeNull();
  });

  test('TAX_BEHAVIOR=inclusive: the total is the price, the tax inside it; revenue is net', async () => {
    const { product } = await openStore({ taxBehavior: 'inclusive' });
    const { buyer, sessionId, orderId } = await buy(product);
    expect(lastSessionRequest().line).toMatchObject({ tax_behavior: 'inclusive' });
    await store.payByWebhook(sessionId, { buyer: { country: 'DE' } });
    // 1990 × 19 / 119 = 317.7
    expect(await store.myPurchase(buyer.cookie, orderId)).toMatchObject({
      status: 'paid',
      amountCents: 1990,
      subtotalCents: 1990,
      taxCents: 318,
      buyerCountry: 'DE',
    });
    expect((await orderOf(orderId)).taxRate).toBe('19');
    expect(await store.salesToday()).toMatchObject({ revenueCents: 1672, taxCents: 318 });
  });

  test('an admin refund of a taxed order takes its revenue and its tax out of the sales overview', async () => {
    const { product } = await openStore();
    const { sessionId, orderId } = await buy(product);
    await store.payByWebhook(sessionId, { buyer: { country: 'DE' } });
    expect(await store.salesToday()).toMatchObject({ revenueCents: 1990, taxCents: 378 });

    const refunded = await store.shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refund`,
      headers: { cookie: store.admin },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', amountCents: 2368, taxCents: 378 });
    expect(store.fake.refunds().map((refund) => refund.amount)).toEqual([2368]);

    const sales = await store.salesToday();
    expect(sales).toMatchObject({ revenueCents: 0, taxCents: 0, refundedCents: 2368 });
    expect(sales.days).toEqual([expect.objectContaining({ revenueCents: 0, taxCents: 0 })]);
    expect(sales.currencies).toEqual([
      {
        currency: 'EUR',
        revenueCents: 0,
        taxCents: 0,
        discountCents: 0,
        refundedCents: 2368,
        orders: 0,
      },
    ]);
  });
});

describe('changing TAX_BEHAVIOR on a store with an open checkout', () => {
  test('Buy Now opens a new checkout with the new behaviour; each is paid by its own', async () => {
    const { product } = await openStore();
    const { buyer, sessionId: exclusive, orderId: first } = await buy(product);

    // The same database, started again with TAX_BEHAVIOR=inclusive.
    const inclusiveApp = await buildApp(
      testConfig({
        currency: 'EUR',
        locale: 'de-DE',
        payments: { ...store.shop.config.payments, tax: { behavior: 'inclusive', testRate: null } },
      }),
      { database: { ...store.shop.database, close: async () => {} }, clock: store.clock.now },
    );
    await inclusiveApp.ready();
    try {
      const again = await startCheckout(
        inclusiveApp,
        store.shop.database.db,
        buyer.cookie,
        product._id,
      );
      expect(again.sessionId).not.toBe(exclusive);
      expect(lastSessionRequest().line).toMatchObject({ tax_behavior: 'inclusive' });

      const german = { buyer: { country: 'DE' } };
      for (const sessionId of [exclusive, again.sessionId]) {
        const event = stripeEvent(
          'checkout.session.completed',
          store.fake.completeSession(sessionId, german),
        );
        expect((await postStripeEvent(inclusiveApp, event)).statusCode).toBe(200);
      }
      expect(await orderOf(first)).toMatchObject({
        status: 'paid',
        taxBehavior: 'exclusive',
        amountCents: 2368,
        taxCents: 378,
      });
      expect(await orderOf(again.orderId)).toMatchObject({
        status: 'paid',
        taxBehavior: 'inclusive',
        amountCents: 1990,
        taxCents: 318,
      });
    } finally {
      await inclusiveApp.close();
    }
  });
});

describe('a EUR store without STRIPE_TAX', () => {
  test('nothing about tax is asked or recorded', async () => {
    const { product } = await openStore({ taxBehavior: undefined });
    const { buyer, sessionId, orderId } = await buy(product);
    expect(lastSessionRequest()).toEqual({
      automatic_tax: undefined,
      billing_address_collection: undefined,
      tax_id_collection: undefined,
      line: { currency: 'eur', unit_amount: '1990', product_data: { name: product.title } },
    });
    await store.payByWebhook(sessionId);
    expect(store.fake.session(sessionId)).toMatchObject({
      amount_subtotal: 1990,
      amount_total: 1990,
      automatic_tax: { enabled: false, status: null },
      total_details: { amount_tax: 0 },
    });
    expect(await store.myPurchase(buyer.cookie, orderId)).toMatchObject({
      status: 'paid',
      amountCents: 1990,
      subtotalCents: 1990,
      taxCents: 0,
      buyerCountry: null,
      buyerTaxId: null,
    });
    expect(await orderOf(orderId)).toMatchObject({ taxBehavior: null, taxRate: null });
    expect(await store.salesToday()).toMatchObject({ revenueCents: 1990, taxCents: 0 });
  });
});
