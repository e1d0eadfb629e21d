import { TestCheckoutMessages as T, type MyPurchase, type Product } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testConfig,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import { orderRow, payTestCheckout, startCheckout } from '../../test/purchase.js';
import { chargeOf } from './test-checkout-tax.js';

/** 15 June 2030, noon UTC. */
const NOW = Date.UTC(2030, 5, 15, 12);
const GERMAN_BUYER = { country: 'DE', taxId: 'DE 123.456-789', name: 'Jürgen Weiß' };

let t: TestApp;
let admin: string;
let buyer: string;
let product: Product;
afterEach(async () => {
  await t.close();
});

/** A store whose test checkout charges `rate` % tax, `behavior` as TAX_BEHAVIOR says. */
async function startTaxedStore(behavior: 'exclusive' | 'inclusive', rate = '20') {
  const payments = { ...testConfig().payments, tax: { behavior, testRate: rate } };
  t = await buildTestApp({ payments }, { clock: createTestClock(NOW).now });
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { price: 19 });
}

const page = (sessionId: string) =>
  t.app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` });
const sessionRow = (sessionId: string) =>
  t.database.db
    .selectFrom('testCheckoutSessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
const myOrderOf = async (sessionId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders/mine/checkouts/${sessionId}`,
    headers: { cookie: buyer },
  });
  expect(response.statusCode).toBe(200);
  return response.json<MyPurchase>();
};

describe('the test checkout with TEST_TAX_RATE', () => {
  test('shows subtotal, tax and total, asks for the country and a tax ID, and the Pay button names the total', async () => {
    await startTaxedStore('exclusive');
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await page(sessionId);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<p class="amount">$22.80</p>');
    expect(html).toContain('<div><dt>Subtotal</dt><dd>$19.00</dd></div>');
    expect(html).toContain('<div><dt>Tax (20%)</dt><dd>$3.80</dd></div>');
    expect(html).toContain('<div class="total"><dt>Total</dt><dd>$22.80</dd></div>');
    expect(html).toContain('<button type="submit">Pay $22.80</button>');
    expect(html).toContain('<title>Pay $22.80');
    expect(html).toContain('<label for="country">Country or region</label>');
    expect(html).toContain(
      '<select id="country" name="country" autocomplete="country" required aria-describedby="country-error">',
    );
    expect(html).toContain('<option value="">Select your country or region</option>');
    expect(html).toContain('<option value="DE">Germany</option>');
    expect(html).toContain('<option value="JP">Japan</option>');
    expect(html.match(/<option value="[A-Z]{2}">/g)).toHaveLength(249);
    expect(html).toContain('<label for="taxId">VAT number or tax ID (optional)</label>');
    expect(html).toContain('<input id="taxId" name="taxId" type="text"');
    expect(html).toContain('<label for="name">Name on card</label>');
    expect(html).not.toContain('includes');
  });

  test('inclusive tax shows the price and the tax it includes', async () => {
    await startTaxedStore('inclusive');
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const html = (await page(sessionId)).body;
    expect(html).toContain('<p class="amount">$19.00</p>');
    expect(html).toContain('<p class="included">includes $3.17 tax</p>');
    expect(html).toContain('<div><dt>Tax (20%, included)</dt><dd>$3.17</dd></div>');
    expect(html).toContain('<div class="total"><dt>Total</dt><dd>$19.00</dd></div>');
    expect(html).toContain('<button type="submit">Pay $19.00</button>');
  });

  test('without TEST_TAX_RATE the page asks for no country and shows no tax', async () => {
    t = await buildTestApp({}, { clock: createTestClock(NOW).now });
    admin = (await signInAsAdmin(t.app)).cookie;
    buyer = (await signUpAndSignIn(t.app)).cookie;
    product = await createTestProduct(t.app, admin, { price: 19 });
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const html = (await page(sessionId)).body;
    expect(html).not.toContain('id="country"');
    expect(html).not.toContain('class="totals"');
    expect(html).toContain('<button type="submit">Pay $19.00</button>');
    // A country posted anyway changes nothing: no tax was asked.
    expect((await payTestCheckout(t.app, sessionId, GERMAN_BUYER)).statusCode).toBe(303);
    const order = await orderRow(t.database.db, orderId);
    expect([order.amountCents, order.taxCents, order.buyerCountry]).toEqual([1900, 0, null]);
  });

  test.each([
    ['no country', '', 'country', T.countryInvalid],
    ['unknown country', 'XX', 'country', T.countryInvalid],
    ['EU, not a country', 'EU', 'country', T.countryInvalid],
    ['tax ID of 41 characters', 'DE', 'taxId', T.taxIdInvalid, 'D'.repeat(41)],
    ['tax ID with markup', 'DE', 'taxId', T.taxIdInvalid, 'DE<b>1</b>'],
  ])(
    'a billing detail refused (%s) is shown next to its field and nothing is paid',
    async (_case, country, field, message, taxId = '') => {
      await startTaxedStore('exclusive');
      const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
      const response = await payTestCheckout(t.app, sessionId, { ...GERMAN_BUYER, country, taxId });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(
        `<p class="field-error" id="${field}-error" role="alert">${message.replace(/'/g, '&#39;')}</p>`,
      );
      expect(response.body).toContain('aria-invalid="true" autofocus');
      // What was typed stays: the name, and the country when it is one.
      expect(response.body).toContain('value="Jürgen Weiß"');
      if (field === 'taxId') expect(response.body).toContain('<option value="DE" selected>');
      expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
      const session = await sessionRow(sessionId);
      expect([session.status, session.amountTax, session.buyerCountry]).toEqual([
        'open',
        null,
        null,
      ]);
    },
  );

  test('a bad card is answered before the billing details, a declined one after them', async () => {
    await startTaxedStore('exclusive');
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const badCard = await payTestCheckout(t.app, sessionId, { cardNumber: '4242', country: '' });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.body).toContain('id="cardNumber-error" role="alert"');
    const declinedNoCountry = await payTestCheckout(t.app, sessionId, {
      cardNumber: '4000 0000 0000 0002',
      country: '',
    });
    expect(declinedNoCountry.statusCode).toBe(400);
    expect(declinedNoCountry.body).toContain('id="country-error" role="alert"');
    const declined = await payTestCheckout(t.app, sessionId, {
      cardNumber: '4000 0000 0000 0002',
      country: 'DE',
    });
    expect(declined.statusCode).toBe(402);
  });

  test('paying records subtotal, tax, total and the buyer on the session and the order', async () => {
    await startTaxedStore('exclusive');
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const paid = await payTestCheckout(t.app, sessionId, GERMAN_BUYER);
    expect(paid.statusCode).toBe(303);
    const session = await sessionRow(sessionId);
    expect(session).toMatchObject({
      status: 'complete',
      amountSubtotal: 1900,
      amountTax: 380,
      amountTotal: 2280,
      buyerName: 'Jürgen Weiß',
      buyerCountry: 'DE',
      buyerTaxId: 'DE 123.456-789',
    });
    const order = await myOrderOf(sessionId);
    expect(order).toMatchObject({
      _id: orderId,
      status: 'paid',
      subtotalCents: 1900,
      taxCents: 380,
      amountCents: 2280,
      currency: 'USD',
      buyerCountry: 'DE',
      buyerTaxId: 'DE 123.456-789',
    });
    const row = await orderRow(t.database.db, orderId);
    expect([row.taxRate, row.buyerName, row.reviewReason]).toEqual(['20', 'Jürgen Weiß', null]);
  });

  test('inclusive tax: the total is the price and the tax is inside it', async () => {
    await startTaxedStore('inclusive');
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect((await payTestCheckout(t.app, sessionId, { country: 'fr' })).statusCode).toBe(303);
    expect(await myOrderOf(sessionId)).toMatchObject({
      status: 'paid',
      subtotalCents: 1900,
      taxCents: 317,
      amountCents: 1900,
      buyerCountry: 'FR',
      buyerTaxId: null,
    });
  });

  test('the sales overview counts the revenue net of tax and the tax beside it', async () => {
    await startTaxedStore('exclusive');
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect((await payTestCheckout(t.app, sessionId, GERMAN_BUYER)).statusCode).toBe(303);
    const sales = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?from=2030-06-01&to=2030-06-30',
      headers: { cookie: admin },
    });
    expect(sales.statusCode).toBe(200);
    const body = sales.json<{
      revenueCents: number;
      taxCents: number;
      days: Array<{ date: string; revenueCents: number; taxCents: number }>;
    }>();
    expect([body.revenueCents, body.taxCents]).toEqual([1900, 380]);
    expect(body.days.find((day) => day.date === '2030-06-15')).toMatchObject({
      revenueCents: 1900,
      taxCents: 380,
    });
  });
});

describe('the tax a test payment charges', () => {
  test.each([
    // price, behaviour, rate → subtotal, tax, total
    [1900, 'exclusive', '20', 1900, 380, 2280],
    [1999, 'exclusive', '8.875', 1999, 177, 2176],
    [1, 'exclusive', '50', 1, 1, 2], // 0.5 rounds up
    [3, 'exclusive', '50', 3, 2, 5], // 1.5 rounds up
    [1900, 'inclusive', '20', 1900, 317, 1900],
    [1500, 'inclusive', '10', 1500, 136, 1500], // 1363.64 net
    [3, 'inclusive', '50', 3, 1, 3], // net 2
    [1, 'inclusive', '100', 1, 0, 1], // net 0.5 rounds up to 1
  ] as const)('%i at %s %s%%', (price, behavior, rate, subtotal, tax, total) => {
    expect(chargeOf(price, behavior, rate)).toEqual({ subtotal, tax, total });
  });
});
