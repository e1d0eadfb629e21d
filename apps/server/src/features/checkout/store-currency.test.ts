import {
  CatalogMessages,
  ErrorCode,
  type AdminOrdersResponse,
  type MyOrdersResponse,
  type Product,
} from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testConfig,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct, productBody } from '../../test/factories.js';
import {
  postStripeEvent,
  startFakeStripe,
  stripeEvent,
  stripeTestPayments,
  type FakeStripe,
} from '../../test/fake-stripe.js';
import { generateDownloadLink } from '../../test/purchase.js';

let fake: FakeStripe;
let shop: TestApp;
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** A store selling in `currency` through the Stripe-shaped fake. */
async function store(currency: string, locale: string) {
  fake = await startFakeStripe();
  closing.push(() => fake.close());
  shop = await buildTestApp({ currency, locale, payments: stripeTestPayments(fake) });
  closing.push(() => shop.close());
  const admin = (await signInAsAdmin(shop.app)).cookie;
  return { admin };
}

const inject = (app: TestApp['app'], method: 'GET' | 'POST', url: string, cookie: string) =>
  app.inject({ method, url, headers: { cookie } });

/** Buy Now, the session paid at Stripe, its webhook delivered; what the buyer and Stripe saw. */
async function buyThroughStripe(app: TestApp['app'], cookie: string, productId: string) {
  const started = await app.inject({
    method: 'POST',
    url: '/api/session/checkout',
    headers: { cookie },
    payload: { productId },
  });
  expect(started.statusCode).toBe(200);
  const sessionId = started.json<{ url: string }>().url.split('/').at(-1)!;
  const event = stripeEvent('checkout.session.completed', fake.completeSession(sessionId));
  expect((await postStripeEvent(app, event)).statusCode).toBe(200);
  return { started: started.json<Record<string, unknown>>(), sessionId };
}

/** What the store asked Stripe for in its last Checkout Session. */
const lastLineItem = () => {
  const params = fake.sessionCreations().at(-1)!.params as {
    line_items: Array<{ price_data: { currency: string; unit_amount: string } }>;
  };
  return params.line_items[0]!.price_data;
};

describe('a EUR store written in de-DE', () => {
  test('prices, the checkout, Stripe, the orders, the receipt and the export are in euros', async () => {
    const { admin } = await store('EUR', 'de-DE');
    const product = await createTestProduct(shop.app, admin, { title: 'Atlas', price: 19.9 });
    expect([product.price, product.currency]).toEqual([19.9, 'EUR']);
    const listed = await shop.app.inject({ method: 'GET', url: '/api/products' });
    expect(listed.json<{ products: Product[] }>().products[0]).toMatchObject({
      price: 19.9,
      currency: 'EUR',
    });

    const buyer = await signUpAndSignIn(shop.app);
    const { started, sessionId } = await buyThroughStripe(shop.app, buyer.cookie, product._id);
    expect(started).toMatchObject({ amountCents: 1990, currency: 'EUR' });
    expect(lastLineItem()).toMatchObject({ currency: 'eur', unit_amount: '1990' });
    expect((await generateDownloadLink(shop.app, buyer.cookie, sessionId)).statusCode).toBe(200);

    const mine = await inject(shop.app, 'GET', '/api/orders/myorders', buyer.cookie);
    expect(mine.json<MyOrdersResponse>().purchases[0]).toMatchObject({
      amountCents: 1990,
      currency: 'EUR',
      status: 'paid',
    });
    const all = await inject(shop.app, 'GET', '/api/orders', admin);
    expect(all.json<AdminOrdersResponse>().orders[0]).toMatchObject({
      amountCents: 1990,
      currency: 'EUR',
    });
    const receipt = await shop.database.db
      .selectFrom('mailOutbox')
      .select(['textBody', 'htmlBody'])
      .where('toAddress', '=', buyer.email)
      .where('kind', '=', 'receipt')
      .executeTakeFirstOrThrow();
    expect(receipt.textBody).toContain('Amount: 19,90\u00a0€');
    expect(receipt.htmlBody).toContain('19,90\u00a0€');
    const csv = await inject(shop.app, 'GET', '/api/admin/orders.csv', admin);
    expect(csv.body.split('\r\n')[1]).toMatch(/,Atlas,19\.90,EUR,paid,/);
  });

  test('a session Stripe reports in another currency is flagged for review, not fulfilled', async () => {
    const { admin } = await store('EUR', 'de-DE');
    const product = await createTestProduct(shop.app, admin, { price: 19.9 });
    const buyer = await signUpAndSignIn(shop.app);
    const started = await shop.app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie: buyer.cookie },
      payload: { productId: product._id },
    });
    const sessionId = started.json<{ url: string }>().url.split('/').at(-1)!;
    const paidInDollars = fake.completeSession(sessionId, { currency: 'usd' });
    const event = stripeEvent('checkout.session.completed', paidInDollars);
    expect((await postStripeEvent(shop.app, event)).statusCode).toBe(200);
    const order = await shop.database.db
      .selectFrom('orders')
      .select(['status', 'reviewReason', 'currency'])
      .where('providerSessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
    expect(order.currency).toBe('eur');
    expect(order.reviewReason).toContain('provider charged in usd but the order is in eur');
  });
});

describe('a JPY store', () => {
  test('sells a ¥1,500 product for unit_amount 1500, and shows 1500 minor units', async () => {
    const { admin } = await store('JPY', 'ja-JP');
    const product = await createTestProduct(shop.app, admin, { price: 1500 });
    expect([product.price, product.currency]).toEqual([1500, 'JPY']);
    const buyer = await signUpAndSignIn(shop.app);
    const { started } = await buyThroughStripe(shop.app, buyer.cookie, product._id);
    expect(started).toMatchObject({ amountCents: 1500, currency: 'JPY' });
    expect(lastLineItem()).toMatchObject({ currency: 'jpy', unit_amount: '1500' });
    const session = fake.sessions().at(-1)!;
    expect([session.amount_total, session.currency]).toEqual([1500, 'jpy']);
    const mine = await inject(shop.app, 'GET', '/api/orders/myorders', buyer.cookie);
    expect(mine.json<MyOrdersResponse>().purchases[0]).toMatchObject({
      amountCents: 1500,
      currency: 'JPY',
      status: 'paid',
    });
    const receipt = await shop.database.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('kind', '=', 'receipt')
      .executeTakeFirstOrThrow();
    expect(receipt.textBody).toContain('Amount: ¥1,500');
    const csv = await inject(shop.app, 'GET', '/api/admin/orders.csv', admin);
    expect(csv.body.split('\r\n')[1]).toMatch(/,1500,JPY,paid,/);
  });

  test('a price of 12.5 is refused with 400 on create and on edit; whole yen are kept', async () => {
    const { admin } = await store('JPY', 'en-US');
    const message = CatalogMessages.priceWholeIn('JPY');
    expect(message).toBe('Price must be a whole number: JPY has no decimals');
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: await productBody(shop.app, admin, { price: 12.5 }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      message,
      code: ErrorCode.badRequest,
      errors: { price: [message] },
    });
    const product = await createTestProduct(shop.app, admin, { price: 1500 });
    const { image: _image, digitalFile: _file, ...fields } = await productBody(shop.app, admin);
    const edited = await shop.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: { ...fields, price: 12.5 },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json<{ message: string }>().message).toBe(message);
    const kept = await shop.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(kept.json<Product>().price).toBe(1500);
  });
});

describe('changing STORE_CURRENCY on a store with orders', () => {
  test('new orders take the new currency; old ones keep theirs; an open checkout is not continued', async () => {
    const { admin } = await store('USD', 'en-US');
    const product = await createTestProduct(shop.app, admin, { price: 20 });
    const buyer = await signUpAndSignIn(shop.app);
    await buyThroughStripe(shop.app, buyer.cookie, product._id);
    const open = await shop.app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie: buyer.cookie },
      payload: { productId: product._id },
    });
    expect(open.json()).toMatchObject({ amountCents: 2000, currency: 'USD' });

    // The same database, started again with STORE_CURRENCY=EUR (the price is not converted).
    const euros = await buildApp(
      testConfig({ currency: 'EUR', locale: 'de-DE', payments: stripeTestPayments(fake) }),
      { database: { ...shop.database, close: async () => {} } },
    );
    await euros.ready();
    closing.push(() => euros.close());
    const again = await euros.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie: buyer.cookie },
      payload: { productId: product._id },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ amountCents: 2000, currency: 'EUR' });
    expect(again.json<{ url: string }>().url).not.toBe(open.json<{ url: string }>().url);
    expect(lastLineItem()).toMatchObject({ currency: 'eur', unit_amount: '2000' });

    const mine = await inject(euros, 'GET', '/api/orders/myorders', buyer.cookie);
    const currencies = mine
      .json<MyOrdersResponse>()
      .purchases.map((order) => [order.status, order.currency]);
    // The dollar checkout stays payable, in dollars, until it expires.
    expect(currencies).toEqual([
      ['pending', 'EUR'],
      ['pending', 'USD'],
      ['paid', 'USD'],
    ]);
  });
});
