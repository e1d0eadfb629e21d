import { connect, type AddressInfo } from 'node:net';
import { DEFAULT_PRODUCT_NOTES } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { renderIndex } from './plugins/web-app.js';
import { writeWebBuild } from './test/web-build.js';
import { buildTestApp, signInAsAdmin, testConfig, type TestApp } from './test/build-test-app.js';
import { createTestProduct } from './test/factories.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('errors', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  test('malformed JSON answers 400 with a JSON message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Request body is not valid JSON.',
      code: 'BAD_REQUEST',
    });
  });

  test('an empty JSON body answers 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  test('a body over the limit answers 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'Request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  test('a body of an unsupported type answers 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('an unknown API route answers 404 in JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No route for GET /api/nothing-here.',
      code: 'NOT_FOUND',
    });
  });

  test('a JSON array body or prototype keys never cause a server error', async () => {
    for (const payload of [
      '[]',
      '"text"',
      'null',
      '{"__proto__": {"polluted": true}, "email": 1}',
      '{"constructor": {"prototype": {"polluted": true}}}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('an unexpected failure answers 500 without details', async () => {
    // The database going away mid-request is the kind of failure a client cannot cause or fix.
    await t.database.db.schema.dropTable('sessions').execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `bindery_session=${'a'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toMatch(/sessions|sqlite|relation|stack/i);
  });
});

describe('security headers and cross-site requests', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  test('API answers carry a CSP that allows nothing, nosniff and no-referrer, and no X-Powered-By', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    // Pages carry the store's full policy (security-headers.test.ts).
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test.each([
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
  ])('a cross-site write %j is refused with 403', async (headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: {
        name: 'Mallory',
        email: 'mallory@example.com',
        password: 'password123',
        role: 'user',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-site requests are not allowed.');
    const count = await t.database.db.selectFrom('users').select('id').execute();
    expect(count).toHaveLength(0);
  });

  test('an absolute-form request target naming another host is judged like any other (403)', async () => {
    const admin = await signInAsAdmin(t.app);
    const product = await createTestProduct(t.app, admin.cookie);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = [
      `DELETE http://other.example/api/products/${product._id} HTTP/1.1`,
      'Host: other.example',
      'Origin: http://other.example',
      `Cookie: ${admin.cookie}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(raw));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('Cross-site requests are not allowed.');
    const still = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(still.statusCode).toBe(200);
  });

  test('a Host header naming the attacker’s site does not make its Origin trusted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'evil.example', origin: 'http://evil.example' },
      payload: { name: 'M', email: 'm@example.com', password: 'password123', role: 'user' },
    });
    expect(response.statusCode).toBe(403);
  });

  test('same-origin writes are accepted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { name: 'Alice', email: 'alice@example.com', password: 'password123', role: 'user' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('health', () => {
  test('answers 200 while the database is reachable and 503 when it is not', async () => {
    t = await buildTestApp();
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: 'ok' });
    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', database: 'unreachable' });
    // close() again in afterEach must not fail on a closed database
    t.database.close = async () => {};
  });
});

describe('web app', () => {
  beforeEach(async () => {
    // A minimal built web app, the way Vite lays it out.
    const dist = writeWebBuild();
    t = await buildTestApp({
      storeName: 'Paper & <Ink>',
      mainSiteUrl: 'https://ink.example',
      webDistDir: dist,
    });
  });

  test('/ opens the catalogue (the store index itself still sends to the login)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: '127.0.0.1:4000' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('http://127.0.0.1:4000/store/products');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test('/ sends to the catalogue at PUBLIC_URL; another host goes there first', async () => {
    const dist = t.config.webDistDir;
    await t.close();
    t = await buildTestApp({
      webDistDir: dist,
      publicUrl: 'https://shop.example.com',
      isPublicUrlSet: true,
    });
    const there = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'shop.example.com' },
    });
    expect(there.statusCode).toBe(302);
    expect(there.headers.location).toBe('https://shop.example.com/store/products');

    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: '127.0.0.1:4000' },
    });
    expect(elsewhere.statusCode).toBe(308);
    expect(elsewhere.headers.location).toBe('https://shop.example.com/');
  });

  test.each(['/store', '/store/', '/store/login', '/store/my-orders?x=1'])(
    '%s serves index.html with the shop settings',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Paper &amp; &lt;Ink&gt;</title>');
      expect(response.body).toContain(
        '{"storeName":"Paper & \\u003cInk>","mainSiteUrl":"https://ink.example","maxDigitalFileMb":2048,' +
          `"productNotes":${JSON.stringify(DEFAULT_PRODUCT_NOTES)},"supportEmail":"",` +
          '"currency":"USD","locale":"en-US"}',
      );
    },
  );

  test("the page carries the store's digital file limit (MAX_UPLOAD_SIZE_MB), so the form checks it before uploading", async () => {
    const dist = t.config.webDistDir;
    await t.close();
    t = await buildTestApp({
      webDistDir: dist,
      uploads: { ...testConfig().uploads, maxFileBytes: 300 * 1024 * 1024 },
    });
    const response = await t.app.inject({ method: 'GET', url: '/store/' });
    expect(response.body).toContain('"maxDigitalFileMb":300,');
  });

  test('hashed assets are cached for a year with the right type', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/store/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a missing asset is a 404, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/store/assets/missing-1.js' });
    expect(response.statusCode).toBe(404);
  });

  test.each(['/store/..%2f..%2fpackage.json', '/store/%2e%2e/%2e%2e/etc/passwd', '/store/.env'])(
    '%s never escapes the web folder',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toMatch(/"workspaces"|root:x:/);
    },
  );
});

test('renderIndex keeps a hostile store name inside the data block', () => {
  const html = '<title>x</title><script type="application/json" id="bindery-config">{}</script>';
  const out = renderIndex(html, {
    storeName: '</script><script>alert(1)</script>',
    mainSiteUrl: '/',
    maxDigitalFileMb: 2048,
    productNotes: [],
    supportEmail: '',
    currency: 'USD',
    locale: 'en-US',
  });
  expect(out).not.toContain('</script><script>');
  expect(out.match(/<\/script>/g)).toHaveLength(1);
});
