import type { AdminOrdersResponse } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { startCheckout } from '../../test/purchase.js';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
});

const list = async (query: string, cookie = admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders?${query}`,
    headers: { cookie },
  });
  return { status: response.statusCode, body: response.json<AdminOrdersResponse>() };
};
const numbersOf = (body: AdminOrdersResponse) => body.orders.map((order) => order.orderNumber);

/**
 * Until the clock shows a later millisecond: orders placed in one millisecond share their time,
 * and the list orders those by id, not by when they were placed.
 */
async function nextMillisecond() {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
}

/** Three orders through checkout: Ada buys the handbook then the atlas, Bob buys the atlas. */
async function seed() {
  const handbook = await createTestProduct(t.app, admin, { title: 'Café Handbook' });
  const atlas = await createTestProduct(t.app, admin, { title: 'E-Book of 100% Maps' });
  const ada = await signUpAndSignIn(t.app, { email: 'Ada.Lovelace@Example.com', name: 'Ada' });
  const bob = await signUpAndSignIn(t.app, { email: 'bob_smith@example.org', name: 'Bob' });
  await startCheckout(t.app, t.database.db, ada.cookie, handbook._id);
  await nextMillisecond();
  await startCheckout(t.app, t.database.db, ada.cookie, atlas._id);
  await nextMillisecond();
  await startCheckout(t.app, t.database.db, bob.cookie, atlas._id);
  return { handbook, atlas };
}

describe('order numbers', () => {
  test('orders are numbered 1, 2, 3 as they are placed, shown to the admin', async () => {
    await seed();
    const { body } = await list('sort=createdAt&order=asc');
    expect(numbersOf(body)).toEqual([1, 2, 3]);
    expect((await list('')).body.orders.map((o) => o.orderNumber)).toEqual([3, 2, 1]);
  });

  test('parallel checkouts get distinct, consecutive numbers', async () => {
    const product = await createTestProduct(t.app, admin);
    const buyers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signUpAndSignIn(t.app, { email: `p${i}@example.com` })),
    );
    await Promise.all(
      buyers.map((buyer) => startCheckout(t.app, t.database.db, buyer.cookie, product._id)),
    );
    const { body } = await list('limit=20&sort=createdAt&order=asc');
    expect([...numbersOf(body)].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('searching the admin order list (q)', () => {
  test('by buyer email, any case, as a substring', async () => {
    await seed();
    expect(numbersOf((await list('q=LOVELACE@example')).body)).toEqual([2, 1]);
    expect(numbersOf((await list('q=example.org')).body)).toEqual([3]);
    // LIKE's wildcards are the text typed: "_" is an underscore, not any character.
    expect(numbersOf((await list('q=bob_smith')).body)).toEqual([3]);
    expect(numbersOf((await list('q=bobXsmith')).body)).toEqual([]);
  });

  test('control characters (a NUL) read as spaces, never an error', async () => {
    await seed();
    const withNul = await list(`q=${encodeURIComponent('lovelace\u0000')}`);
    expect(withNul.status).toBe(200);
    expect(numbersOf(withNul.body)).toEqual([2, 1]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?q=${encodeURIComponent('\u0000\u0007')}`,
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
  });

  test('by product title, any case and accents folded', async () => {
    await seed();
    expect(numbersOf((await list('q=handbook')).body)).toEqual([1]);
    expect(numbersOf((await list('q=CAFE')).body)).toEqual([1]);
    expect(numbersOf((await list('q=café hand')).body)).toEqual([1]);
    expect(numbersOf((await list(`q=${encodeURIComponent('100%')}`)).body)).toEqual([3, 2]);
    expect(numbersOf((await list('q=ebook')).body)).toEqual([3, 2]);
  });

  test('by order number, with or without #', async () => {
    await seed();
    expect(numbersOf((await list('q=2')).body)).toEqual([2]);
    expect(numbersOf((await list(`q=${encodeURIComponent('#3')}`)).body)).toEqual([3]);
  });

  test('combines with paging, sort, the review filter and total', async () => {
    await seed();
    const first = await list('q=example&limit=5&page=1&sort=createdAt&order=asc');
    expect(first.body).toMatchObject({ total: 3, pages: 1, page: 1 });
    expect(numbersOf(first.body)).toEqual([1, 2, 3]);
    expect((await list('q=example&review=true')).body).toMatchObject({ total: 0, orders: [] });
    const nothing = await list('q=nobody-here');
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ total: 0, pages: 0, orders: [] });
  });

  test('a blank search lists everything; a long one is cut, not refused', async () => {
    await seed();
    expect((await list('q=%20%20')).body.total).toBe(3);
    const long = await list(`q=${'a'.repeat(5000)}`);
    expect(long.status).toBe(200);
    expect(long.body.total).toBe(0);
  });

  test('only admins search: 401 signed out, 403 for a buyer', async () => {
    const buyer = await signUpAndSignIn(t.app, { email: 'buyer@example.com' });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/orders?q=a' });
    expect(signedOut.statusCode).toBe(401);
    expect((await list('q=a', buyer.cookie)).status).toBe(403);
  });
});
