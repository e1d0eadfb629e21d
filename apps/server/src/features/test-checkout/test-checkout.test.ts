import { createHash } from 'node:crypto';
import { CheckoutMessages, TestCheckoutMessages as T, type Product } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import {
  PAYING_CARD,
  formBody,
  generateDownloadLink,
  orderRow,
  payTestCheckout,
  startCheckout,
  transitionsOf,
} from '../../test/purchase.js';
import { samplePdf } from '../../test/upload-samples.js';
import { escapeHtml } from './test-checkout.page.js';
import { checkCard, isLuhnValid } from './test-checkout.service.js';

const MINUTE = 60_000;
/** 15 June 2030, noon UTC: card expiry checks are against this month. */
const NOW = Date.UTC(2030, 5, 15, 12);

let t: TestApp;
let clock: TestClock;
let buyer: string;
let product: Product;
beforeEach(async () => {
  clock = createTestClock(NOW);
  t = await buildTestApp({}, { clock: clock.now });
  const admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { price: 19 });
});
afterEach(async () => {
  await t.close();
});

const page = (sessionId: string) =>
  t.app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` });
const cancel = (sessionId: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/checkout/test/${sessionId}/cancel`,
    ...formBody({}),
    headers: { ...formBody({}).headers, ...headers },
  });
const sessionRow = (sessionId: string) =>
  t.database.db
    .selectFrom('testCheckoutSessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();

describe('the hosted page', () => {
  test('shows the store, product, amount, test banner and a labelled card form', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await page(sessionId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain(T.banner);
    expect(html).toContain('<header><p>Bindery</p></header>');
    expect(html).toContain(product.title);
    expect(html).toContain('$19.00');
    expect(html).toContain('<button type="submit">Pay $19.00</button>');
    expect(html).toContain(T.testCards);
    expect(html).toContain(T.cancel);
    expect(html).toContain(`action="/checkout/test/${sessionId}/pay"`);
    expect(html).toContain(`action="/checkout/test/${sessionId}/cancel"`);
    for (const [id, label] of [
      ['cardNumber', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
      ['name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}" name="${id}"`));
    }
    expect(html).toMatch(/name="cardNumber"[^>]*autocomplete="cc-number" inputmode="numeric"/);
    // Each checked field has a place for its error, which it names with aria-describedby.
    for (const id of ['cardNumber', 'expiry', 'cvc']) {
      expect(html).toMatch(new RegExp(`<input id="${id}" [^>]*aria-describedby="${id}-error">`));
      expect(html).toContain(`<p class="field-error" id="${id}-error" hidden></p>`);
    }
    expect(html).not.toMatch(/\son\w+=/i);
  });

  test('has the store’s favicon and colours, and one script its CSP allows by hash', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await page(sessionId);
    const html = response.body;
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
    expect(html).toContain('background:#3949ab');
    expect(html).toContain('background:#f6f7fb');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("object-src 'none';");
    expect(csp).not.toContain("unsafe-inline' 'sha");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test('escapes the product title', async () => {
    const admin = (await signInAsAdmin(t.app)).cookie;
    const hostile = await createTestProduct(t.app, admin, {
      title: '<img src=x onerror=alert(1)> & "quotes"',
    });
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, hostile._id);
    const html = (await page(sessionId)).body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).not.toContain('<img');
  });

  test.each(['cs_test_nothing', `cs_test_${'A'.repeat(32)}`, '..%2F..%2Fetc'])(
    'an unknown session %# is a 404 page',
    async (sessionId) => {
      const response = await page(sessionId);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(T.notFound);
      expect(response.body).toContain('href="http://localhost/store/products"');
    },
  );
});

describe('paying', () => {
  test('the whole purchase through HTTP ends in the uploaded file', async () => {
    const { url, sessionId, orderId } = await startCheckout(
      t.app,
      t.database.db,
      buyer,
      product._id,
    );
    expect((await page(new URL(url).pathname.split('/').pop()!)).statusCode).toBe(200);
    const paid = await payTestCheckout(t.app, sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost/store/success?session_id=${sessionId}`);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
    expect(await sessionRow(sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
    const link = await generateDownloadLink(t.app, buyer, sessionId);
    expect(link.statusCode).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: link.json().downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samplePdf())).toBe(true);
  });

  test('records the payment as the provider’s event, once', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    await payTestCheckout(t.app, sessionId);
    const events = await t.database.db
      .selectFrom('paymentEvents')
      .select(['id', 'type'])
      .where('orderId', '=', orderId)
      .execute();
    expect(events).toEqual([{ id: `evt_test_paid_${sessionId}`, type: 'paid' }]);
    expect((await orderRow(t.database.db, orderId)).paidAt).toBe(NOW);
  });

  test('the declined test card: 402, the message, order still pending', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await payTestCheckout(t.app, sessionId, {
      cardNumber: '4000 0000 0000 0002',
    });
    expect(response.statusCode).toBe(402);
    expect(response.body).toContain(
      `<p class="field-error" id="cardNumber-error" role="alert">${T.declined}</p>`,
    );
    // What was typed stays, so one field can be corrected.
    expect(response.body).toContain('value="4000 0000 0000 0002"');
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
    expect((await sessionRow(sessionId)).status).toBe('open');
    // The buyer can try again with another card.
    expect((await payTestCheckout(t.app, sessionId)).statusCode).toBe(303);
  });

  test.each([
    ['4242 4242 4242 4241', '12/49', '123', T.cardNumberInvalid],
    ['4242', '12/49', '123', T.cardNumberInvalid],
    ['abcd efgh ijkl mnop', '12/49', '123', T.cardNumberInvalid],
    ['', '12/49', '123', T.cardNumberInvalid],
    ['4242-4242-4242-4242', '12/49', '123', T.cardNumberInvalid],
    ['4242 4242 4242 4242', '05/30', '123', T.expiryInPast],
    ['4242 4242 4242 4242', '01/20', '123', T.expiryInPast],
    ['4242 4242 4242 4242', '13/30', '123', T.expiryInvalid],
    ['4242 4242 4242 4242', '00/30', '123', T.expiryInvalid],
    ['4242 4242 4242 4242', '1230', '123', T.expiryInvalid],
    ['4242 4242 4242 4242', '', '123', T.expiryInvalid],
    ['4242 4242 4242 4242', '12/49', '12', T.cvcInvalid],
    ['4242 4242 4242 4242', '12/49', '12345', T.cvcInvalid],
    ['4242 4242 4242 4242', '12/49', 'abc', T.cvcInvalid],
  ])('card %j, expiry %j, cvc %j → 400', async (cardNumber, expiry, cvc, message) => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await payTestCheckout(t.app, sessionId, { cardNumber, expiry, cvc });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(escapeHtml(message));
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
    expect((await sessionRow(sessionId)).status).toBe('open');
    expect(await transitionsOf(t.database.db, orderId)).toEqual([]);
  });

  test('a refused form keeps what was typed but the security code, with the error at its field', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await payTestCheckout(t.app, sessionId, {
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/49',
      cvc: '98',
      name: 'Ada <Lovelace>',
    });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('value="4111 1111 1111 1111"');
    expect(html).toContain('value="12/49"');
    expect(html.match(/<input id="cvc" [^>]*>/)?.[0]).not.toContain('value=');
    expect(html).toContain('value="Ada &lt;Lovelace&gt;"');
    expect(html).toMatch(
      /<input id="cvc" [^>]*required aria-describedby="cvc-error" aria-invalid="true" autofocus>/,
    );
    expect(html).toContain(
      `<p class="field-error" id="cvc-error" role="alert">${escapeHtml(T.cvcInvalid)}</p>`,
    );
    expect(html).toContain('<p class="field-error" id="cardNumber-error" hidden></p>');
    expect(html.match(/ aria-invalid="true"/g)).toHaveLength(1);
  });

  test('typed values are escaped', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await payTestCheckout(t.app, sessionId, {
      cardNumber: '"><script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.body.match(/<script/g)).toHaveLength(1);
  });

  test('a card expiring this month still pays', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect((await payTestCheckout(t.app, sessionId, { expiry: '06/30' })).statusCode).toBe(303);
  });

  test('paying twice: the second is refused, paid once', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect((await payTestCheckout(t.app, sessionId)).statusCode).toBe(303);
    const again = await payTestCheckout(t.app, sessionId);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(T.alreadyPaid);
    expect(again.body).toContain(`session_id=${sessionId}`);
    expect((await page(sessionId)).body).toContain(T.alreadyPaid);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
  });

  test('20 payments at once → paid once', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => payTestCheckout(t.app, sessionId)),
    );
    expect(responses.filter((response) => response.statusCode === 303)).toHaveLength(1);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
  });
});

describe('canceling and expiry', () => {
  test('cancel: back to the store, order canceled, no download', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await cancel(sessionId);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('http://localhost/store/cancel');
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→canceled']);
    const link = await generateDownloadLink(t.app, buyer, sessionId);
    expect(link.statusCode).toBe(410);
    expect(link.json().message).toBe(CheckoutMessages.accessRevoked);
    const later = await page(sessionId);
    expect(later.statusCode).toBe(410);
    expect(later.body).toContain(T.expired);
    expect((await payTestCheckout(t.app, sessionId)).statusCode).toBe(410);
  });

  test('a paid checkout cannot be canceled', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    await payTestCheckout(t.app, sessionId);
    expect((await cancel(sessionId)).statusCode).toBe(409);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→paid']);
  });

  test('after 30 minutes the page says expired and the order is canceled', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    clock.advance(30 * MINUTE - 1);
    expect((await page(sessionId)).statusCode).toBe(200);
    clock.advance(1);
    const response = await page(sessionId);
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain(T.expired);
    expect(response.body).toContain('href="http://localhost/store/products"');
    expect((await orderRow(t.database.db, orderId)).status).toBe('canceled');
    expect((await payTestCheckout(t.app, sessionId)).statusCode).toBe(410);
    expect(await transitionsOf(t.database.db, orderId)).toEqual(['pending→canceled']);
  });
});

describe('requests from elsewhere', () => {
  test.each<Record<string, string>>([
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ])('a cross-site post %j is refused and changes nothing', async (headers) => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      ...formBody(PAYING_CARD),
      headers: { ...formBody({}).headers, ...headers },
    });
    expect(pay.statusCode).toBe(403);
    expect(pay.body).toContain(T.crossSite);
    expect((await cancel(sessionId, headers)).statusCode).toBe(403);
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
  });

  test('a same-origin post from the page is accepted', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const response = await t.app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      ...formBody(PAYING_CARD),
      headers: {
        ...formBody({}).headers,
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(response.statusCode).toBe(303);
  });

  test('the page makes its own posts carry their origin', async () => {
    const { sessionId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    expect((await page(sessionId)).headers['referrer-policy']).toBe('same-origin');
  });

  test('an oversized or non-form body is refused', async () => {
    const { sessionId, orderId } = await startCheckout(t.app, t.database.db, buyer, product._id);
    const big = await payTestCheckout(t.app, sessionId, { name: 'x'.repeat(5000) });
    expect(big.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'text/plain' },
      payload: 'cardNumber=4242424242424242',
    });
    expect(text.statusCode).toBe(415);
    expect((await orderRow(t.database.db, orderId)).status).toBe('pending');
  });
});

describe('the test provider', () => {
  const input = (orderId: string) => ({
    orderId,
    productTitle: 'A book',
    amountCents: 1900,
    currency: 'usd',
    customerEmail: 'a@example.com',
    successUrl: 'http://localhost:3000/store/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/store/cancel',
    storeUrl: 'http://localhost:3000',
    expiresAt: NOW + 30 * MINUTE,
    idempotencyKey: `checkout-${orderId}`,
    tax: null,
  });

  test('asking twice for the same order gives the same open session', async () => {
    const first = await t.app.payments.createCheckoutSession(input('order-aaaaaaaaaaa'));
    const second = await t.app.payments.createCheckoutSession(input('order-aaaaaaaaaaa'));
    const other = await t.app.payments.createCheckoutSession(input('order-bbbbbbbbbbb'));
    expect(second).toEqual(first);
    expect(other.sessionId).not.toBe(first.sessionId);
    expect(first.sessionId).toMatch(/^cs_test_[\w-]{32}$/);
  });

  test('a session reads open, then complete and paid, or expired at its end', async () => {
    const paid = await t.app.payments.createCheckoutSession(input('order-ccccccccccc'));
    const unpaid = await t.app.payments.createCheckoutSession(input('order-ddddddddddd'));
    expect(await t.app.payments.retrieveSession(unpaid.sessionId)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 1900,
      currency: 'usd',
      orderId: 'order-ddddddddddd',
    });
    await payTestCheckout(t.app, paid.sessionId);
    clock.advance(30 * MINUTE);
    expect(await t.app.payments.retrieveSession(paid.sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
    expect(await t.app.payments.retrieveSession(unpaid.sessionId)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });
    expect((await sessionRow(unpaid.sessionId)).status).toBe('expired');
    expect(await t.app.payments.retrieveSession('cs_test_unknown')).toBeNull();
  });
});

describe('card checks', () => {
  test('Luhn', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
  });

  test('any other valid card pays; the decline card is declined', () => {
    const card = { expiry: '12/30', cvc: '123', name: '' };
    expect(checkCard({ ...card, cardNumber: '5555 5555 5555 4444' }, NOW)).toBeNull();
    expect(checkCard({ ...card, cardNumber: '4000 0000 0000 0002' }, NOW)).toEqual({
      status: 402,
      field: 'cardNumber',
      message: T.declined,
    });
  });
});
