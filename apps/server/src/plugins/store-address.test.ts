import os from 'node:os';
import type { Product } from '@bindery/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  sessionCookieFrom,
  signInAsAdmin,
  type TestApp,
} from '../test/build-test-app.js';
import { createTestProduct } from '../test/factories.js';
import { startFakeStripe, stripeTestPayments, type FakeStripe } from '../test/fake-stripe.js';
import { PAYING_CARD, formBody } from '../test/purchase.js';

/** Registers and signs in a buyer through the given host; the Cookie header value. */
async function buyerAt(shop: TestApp, host: string): Promise<string> {
  const email = `buyer-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'correct horse battery';
  const register = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    payload: { name: 'Buyer', email, password, role: 'user' },
  });
  expect(register.statusCode).toBe(201);
  const login = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    payload: { email, password },
  });
  expect(login.statusCode).toBe(200);
  return sessionCookieFrom(login);
}

const checkoutAt = (shop: TestApp, host: string, cookie: string, productId: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/session/checkout',
    headers: { host, cookie },
    payload: { productId },
  });

function expectMisdirected(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode).toBe(421);
  expect(response.json()).toEqual({ message, code: 'MISDIRECTED_REQUEST' });
}

const unknownHostMessage = (host: string) =>
  `This store does not answer to the host "${host}". Set PUBLIC_URL to the address buyers use (for example https://shop.example.com), or add the name to ALLOWED_HOSTS.`;

describe('without PUBLIC_URL: the address the buyer used, if this machine answers to it', () => {
  let shop: TestApp;
  let product: Product;
  beforeAll(async () => {
    shop = await buildTestApp({ allowedHosts: ['shop.lan'] });
    const admin = await signInAsAdmin(shop.app);
    product = await createTestProduct(shop.app, admin.cookie, { price: 12 });
  });
  afterAll(async () => shop.close());

  const firstInterfaceAddress = () =>
    Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4')!.address;

  test.each([
    ['localhost:3000'],
    ['127.0.0.1:3000'],
    ['[::1]:3000'],
    ['LOCALHOST:8080'],
    ['shop.localhost:3000'],
    [`${os.hostname()}:3000`],
    ['shop.lan:3000'],
  ])('%s is served', async (host) => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { host },
    });
    expect(response.statusCode).toBe(200);
  });

  test('an address of this machine’s network interfaces is served', async () => {
    const host = `${firstInterfaceAddress()}:3000`;
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { host },
    });
    expect(response.statusCode).toBe(200);
  });

  test.each([
    ['evil.example:3000', 'evil.example:3000'],
    ['localhost.evil.example', 'localhost.evil.example'],
    ['127.0.0.1.nip.io:3000', '127.0.0.1.nip.io:3000'],
    ['evil.example@localhost:3000', 'evil.example@localhost:3000'],
  ])('another name (%s) gets 421 naming what to set', async (host, shown) => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/store/products',
      headers: { host },
    });
    expectMisdirected(response, unknownHostMessage(shown));
  });

  test('a rebound name cannot write, even as a same-origin request', async () => {
    // A page at http://rebound.example:3000 whose name now points at this machine.
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: {
        host: 'rebound.example:3000',
        origin: 'http://rebound.example:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: { name: 'M', email: 'rebound@example.com', password: 'password123', role: 'user' },
    });
    expectMisdirected(response, unknownHostMessage('rebound.example:3000'));
    const users = await shop.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'rebound@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  test('Origin is judged against the address the request came to, port included', async () => {
    const register = (origin: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { host: '127.0.0.1:3000', origin },
        payload: {
          name: 'O',
          email: `origin-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'password123',
          role: 'user',
        },
      });
    expect((await register('http://localhost:3000')).statusCode).toBe(403);
    expect((await register('http://127.0.0.1:5173')).statusCode).toBe(403);
    expect((await register('https://127.0.0.1:3000')).statusCode).toBe(403);
    expect((await register('http://127.0.0.1:3000')).statusCode).toBe(201);
  });

  test('health answers on any host', async () => {
    for (const host of ['10.1.2.3:3000', 'evil.example', '']) {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    }
  });

  test('checkout returns to the address the buyer is on, and so does the test checkout', async () => {
    const cookie = await buyerAt(shop, '127.0.0.1:3000');
    const started = await checkoutAt(shop, '127.0.0.1:3000', cookie, product._id);
    expect(started.statusCode).toBe(200);
    const { url } = started.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/checkout\/test\/cs_test_[\w-]{32}$/);
    const sessionId = url.split('/').pop()!;
    const page = await shop.app.inject({
      method: 'GET',
      url: `/checkout/test/${sessionId}`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(page.statusCode).toBe(200);
    const paid = await shop.app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      ...formBody(PAYING_CARD),
      headers: {
        ...formBody({}).headers,
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
      },
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://127.0.0.1:3000/store/success?session_id=${sessionId}`,
    );
  });

  test('the same buyer on another name of this machine gets a checkout at that name', async () => {
    const cookie = await buyerAt(shop, 'localhost:3000');
    const first = await checkoutAt(shop, 'localhost:3000', cookie, product._id);
    const second = await checkoutAt(shop, '[::1]:3000', cookie, product._id);
    expect(first.json<{ url: string }>().url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\//);
    expect(second.json<{ url: string }>().url).toMatch(/^http:\/\/\[::1\]:3000\/checkout\/test\//);
  });

  test('the test checkout’s links lead back to the address it was opened at', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/checkout/test/cs_test_nothing',
      headers: { host: 'shop.lan:8080' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('href="http://shop.lan:8080/store/products"');
  });

  test('X-Forwarded-Host and -Proto are ignored unless TRUST_PROXY trusts the sender', async () => {
    const cookie = await buyerAt(shop, 'localhost:3000');
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: {
        host: 'localhost:3000',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        cookie,
      },
      payload: { productId: product._id },
    });
    expect(response.json<{ url: string }>().url).toMatch(/^http:\/\/localhost:3000\//);
  });
});

describe('behind a trusted proxy without PUBLIC_URL', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await buildTestApp({ trustProxy: true, allowedHosts: ['shop.lan'] });
  });
  afterAll(async () => shop.close());

  test('the forwarded host and scheme are the store’s address, and still must be accepted', async () => {
    const product = await createTestProduct(shop.app, (await signInAsAdmin(shop.app)).cookie);
    const cookie = await buyerAt(shop, 'localhost:3000');
    const checkout = (forwardedHost: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/session/checkout',
        headers: {
          host: '127.0.0.1:3000',
          'x-forwarded-host': forwardedHost,
          'x-forwarded-proto': 'https',
          cookie,
        },
        payload: { productId: product._id },
      });
    const accepted = await checkout('shop.lan');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ url: string }>().url).toMatch(/^https:\/\/shop\.lan\/checkout\/test\//);
    expectMisdirected(await checkout('evil.example'), unknownHostMessage('evil.example'));
  });
});

describe('with PUBLIC_URL set: one address, other hosts sent there', () => {
  let shop: TestApp;
  let fake: FakeStripe;
  let product: Product;
  const PUBLIC = 'https://shop.example.com';
  const HOST = 'shop.example.com';
  beforeAll(async () => {
    fake = await startFakeStripe();
    shop = await buildTestApp({
      publicUrl: PUBLIC,
      isPublicUrlSet: true,
      isSecure: true,
      payments: stripeTestPayments(fake),
    });
    const adminEmail = 'owner@example.com';
    await shop.app.auth.upsertAdmin({ email: adminEmail, password: 'admin password', name: 'O' });
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST },
      payload: { email: adminEmail, password: 'admin password' },
    });
    const adminCookie = sessionCookieFrom(login);
    const forAdmin = (url: string) =>
      shop.app.inject({ method: 'GET', url, headers: { host: HOST, cookie: adminCookie } });
    expect((await forAdmin('/api/auth/me')).statusCode).toBe(200);
    product = await createTestProductAt(shop, adminCookie);
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  test.each(['GET', 'HEAD'] as const)(
    '%s to another host is redirected (308) to the same path and query',
    async (method) => {
      const response = await shop.app.inject({
        method,
        url: '/store/product/abc?from=mail&x=%20y',
        headers: { host: '127.0.0.1:3000' },
      });
      expect(response.statusCode).toBe(308);
      expect(response.headers.location).toBe(`${PUBLIC}/store/product/abc?from=mail&x=%20y`);
    },
  );

  test('a path that starts with two slashes stays a path on the store', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/store//evil.example/x',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe(`${PUBLIC}/store//evil.example/x`);
  });

  test('a write to another host is refused (421), naming the store’s address', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost:3000' },
      payload: { email: 'owner@example.com', password: 'admin password' },
    });
    expectMisdirected(
      response,
      `This store is at ${PUBLIC}: send the request there, not to the host "localhost:3000".`,
    );
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('the store’s own host is served, with or without its default port', async () => {
    for (const host of [HOST, `${HOST}:443`, 'SHOP.EXAMPLE.COM']) {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
    }
  });

  test('health answers on any host', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '10.0.0.7:3000' },
    });
    expect(response.statusCode).toBe(200);
  });

  test('the Stripe webhook is reached on any host (its signature decides)', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { host: '10.0.0.7:3000', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).not.toBe('MISDIRECTED_REQUEST');
  });

  test('Stripe is given success and cancel pages on PUBLIC_URL', async () => {
    const cookie = await buyerAt(shop, HOST);
    const response = await checkoutAt(shop, HOST, cookie, product._id);
    expect(response.statusCode).toBe(200);
    const sent = fake.sessionCreations().at(-1)!.params as Record<string, string>;
    expect(sent.success_url).toBe(`${PUBLIC}/store/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(sent.cancel_url).toBe(`${PUBLIC}/store/cancel`);
  });
});

describe('the success page Stripe is given without PUBLIC_URL', () => {
  let shop: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    shop = await buildTestApp({ payments: stripeTestPayments(fake) });
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  test('is on the address the buyer started the checkout from', async () => {
    const admin = await signInAsAdmin(shop.app);
    const product = await createTestProduct(shop.app, admin.cookie);
    const cookie = await buyerAt(shop, '127.0.0.1:4331');
    const response = await checkoutAt(shop, '127.0.0.1:4331', cookie, product._id);
    expect(response.statusCode).toBe(200);
    const sent = fake.sessionCreations().at(-1)!.params as Record<string, string>;
    expect(sent.success_url).toBe(
      'http://127.0.0.1:4331/store/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(sent.cancel_url).toBe('http://127.0.0.1:4331/store/cancel');
  });
});

/** createTestProduct speaks to inject's default host; this store answers only to PUBLIC_URL's. */
function createTestProductAt(shop: TestApp, adminCookie: string): Promise<Product> {
  const inject = (options: InjectOptions) =>
    shop.app.inject({ ...options, headers: { ...options.headers, host: 'shop.example.com' } });
  const app = new Proxy(shop.app, {
    get: (target, key) => (key === 'inject' ? inject : Reflect.get(target, key)),
  });
  return createTestProduct(app, adminCookie);
}
