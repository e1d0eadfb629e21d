import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { User } from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, signUpAndSignIn, type TestApp } from '../test/build-test-app.js';
import { writeWebBuild } from '../test/web-build.js';

// The pages the app draws itself (all but the catalogue and product pages): who is signed in,
// and the page's own scripts to preload, in the HTML.

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = writeWebBuild();
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      routes: {
        '/my-orders': {
          signedIn: true,
          scripts: ['/store/assets/my-orders-page-1.js', '/store/assets/Table-2.js'],
          styles: ['/store/assets/my-orders-page-3.css'],
        },
        '/login': { signedIn: false, scripts: ['/store/assets/login-page-4.js'], styles: [] },
      },
    }),
  );
  t = await buildTestApp({ storeName: 'Paper Trail', webDistDir: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const DATA_BLOCK = /<script type="application\/json" id="bindery-page">([^<]*)<\/script>/;

/** The user the page says is signed in, or undefined when it carries no data block. */
function userIn(html: string): User | null | undefined {
  const block = DATA_BLOCK.exec(html)?.[1];
  return block === undefined ? undefined : (JSON.parse(block) as { user: User | null }).user;
}

const ORDERS_PRELOADS =
  '<link rel="modulepreload" crossorigin href="/store/assets/my-orders-page-1.js">\n    ' +
  '<link rel="modulepreload" crossorigin href="/store/assets/Table-2.js">\n    ' +
  '<link rel="preload" as="style" href="/store/assets/my-orders-page-3.css">';

describe('a signed-in visitor', () => {
  test('gets the page with themselves in it and its scripts preloaded, kept by no cache', async () => {
    const buyer = await signUpAndSignIn(t.app, { name: 'Ada Reader' });
    const response = await get('/store/my-orders?page=2', { cookie: buyer.cookie });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    const html = response.body;
    expect(userIn(html)).toEqual({
      _id: expect.any(String),
      name: 'Ada Reader',
      email: buyer.email,
      role: 'user',
    });
    // The root stays empty (the app draws the page), the data right after it, the preloads at
    // the end of the head, after the app's own script.
    expect(html).toContain(
      '<div id="root"></div><script type="application/json" id="bindery-page">',
    );
    // Titled as the app titles it, so the tab does not change as the app starts.
    expect(html).toContain('<title>My Orders · Paper Trail</title>');
    expect(html).toContain(`${ORDERS_PRELOADS}</head>`);
    expect(html.indexOf('<script type="module"')).toBeLessThan(html.indexOf(ORDERS_PRELOADS));
  });

  test('gets the same page compressed when the browser takes brotli', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const response = await get('/store/account', { cookie: buyer.cookie, 'accept-encoding': 'br' });

    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(userIn(html)?.email).toBe(buyer.email);
    expect(html).toContain('<title>Account · Paper Trail</title>');
  });

  test('a page the app does not know keeps the store’s name as its title', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const { body } = await get('/store/no-such-page', { cookie: buyer.cookie });

    expect(body).toContain('<title>Paper Trail</title>');
    expect(userIn(body)?.email).toBe(buyer.email);
  });

  test('a hostile name or email cannot end the data block or run a script, and reads back exactly', async () => {
    // The email's rules leave it little room (no "<"), a quote and a plus among it.
    const name = '</script><script>alert(1)</script><!-- &amp; "x"';
    const email = `o'neil+${Date.now()}@example.com`;
    const buyer = await signUpAndSignIn(t.app, { name, email });
    const { body } = await get('/store/my-orders', { cookie: buyer.cookie });

    const block = DATA_BLOCK.exec(body)![1]!;
    expect(block).not.toMatch(/[<>]/);
    expect(body).not.toContain('<script>alert(1)');
    expect(userIn(body)).toMatchObject({ name, email });
  });

  test('each visitor gets their own page: one is never sent another’s', async () => {
    const ada = await signUpAndSignIn(t.app, { name: 'Ada' });
    const bob = await signUpAndSignIn(t.app, { name: 'Bob' });

    expect(userIn((await get('/store/my-orders', { cookie: ada.cookie })).body)?.name).toBe('Ada');
    expect(userIn((await get('/store/my-orders', { cookie: bob.cookie })).body)?.name).toBe('Bob');
    expect(userIn((await get('/store/my-orders')).body)).toBeUndefined();
  });
});

describe('a signed-out visitor', () => {
  test('gets index.html as it is: nobody in it, no signed-in page’s scripts', async () => {
    const response = await get('/store/my-orders');

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    expect(userIn(response.body)).toBeUndefined();
    expect(response.body).not.toContain('modulepreload');
  });

  test('with a session cookie that is not a session gets the same', async () => {
    const cookie = `bindery_session=${'A'.repeat(43)}`;
    const response = await get('/store/my-orders', { cookie });

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(userIn(response.body)).toBeUndefined();
  });

  test('gets the sign-in page with its scripts preloaded', async () => {
    const response = await get('/store/login?from=x');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/store/assets/login-page-4.js"></head>',
    );
    expect(response.body).toContain('<title>Sign in · Paper Trail</title>');
    expect(userIn(response.body)).toBeUndefined();
  });
});
