import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, signUpAndSignIn, type TestApp } from './test/build-test-app.js';

/**
 * Walks the whole route table: every API route not named below must refuse a visitor with 401,
 * and every route not open to buyers must refuse a buyer with 403. A new route added without a
 * guard fails here until it is guarded or deliberately listed.
 */
const OPEN_TO_VISITORS = new Set([
  'GET /api/health',
  // For load balancers.
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/products',
  'GET /api/products/:id',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/logout',
  // Account recovery: whoever holds the email (or the link in it).
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/password-reset/check',
  // Authorised by a signed link, not by a session; its own tests cover every bad link.
  'GET /api/downloads/:token',
  // An order's documents: its buyer and admins; anyone else, a visitor too, gets 404.
  'GET /api/orders/:id/invoice.pdf',
  'GET /api/orders/:id/credit-note.pdf',
  // A code's price for a product, as the product page shows it to anyone.
  'GET /api/discounts/:code',
  // A seller's software checking a license key: the key is the credential.
  'POST /api/licenses/verify',
]);
const OPEN_TO_BUYERS = new Set([
  'GET /api/auth/me',
  'PATCH /api/auth/me',
  'POST /api/auth/change-password',
  'POST /api/session/checkout',
  'POST /api/session/generate-download-link',
  'GET /api/orders/myorders',
  'GET /api/orders/mine/products/:productId',
  'GET /api/orders/mine/checkouts/:sessionId',
  'POST /api/orders/:id/download-link',
  // An order's files and a link per file: the buyer's own order only (admins may list).
  'GET /api/orders/:id/files',
  'POST /api/orders/:id/files/:fileId/download-link',
  // The buyer's own paid order only: another's answers 404.
  'POST /api/orders/:id/receipt',
]);

let t: TestApp;
let buyer: string;
beforeAll(async () => {
  t = await buildTestApp();
  buyer = (await signUpAndSignIn(t.app)).cookie;
});
afterAll(async () => {
  await t.close();
});

const apiRoutes = () =>
  t.app.routeTable
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => `${route.method} ${route.url}`);

const call = (route: string, cookie?: string) => {
  const [method, url] = route.split(' ') as [string, string];
  return t.app.inject({
    method: method as 'GET',
    url: url.replace(/:[a-zA-Z]+/g, 'AAAAAAAAAAAAAAAA'),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
};

test('the table holds the routes this test knows about', () => {
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(15);
  for (const known of [...OPEN_TO_VISITORS, ...OPEN_TO_BUYERS]) expect(routes).toContain(known);
});

test('every API route that is not open to visitors answers a visitor 401', async () => {
  for (const route of apiRoutes().filter((r) => !OPEN_TO_VISITORS.has(r))) {
    expect((await call(route)).statusCode, route).toBe(401);
  }
});

test('every API route that is not open to buyers answers a buyer 403', async () => {
  for (const route of apiRoutes().filter(
    (r) => !OPEN_TO_VISITORS.has(r) && !OPEN_TO_BUYERS.has(r),
  )) {
    expect((await call(route, buyer)).statusCode, route).toBe(403);
  }
});
