import { rmSync } from 'node:fs';
import type { ProductList } from '@bindery/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { writeWebBuild } from '../../test/web-build.js';
import type { PageRenderer } from './storefront.service.js';

// The admin's dashboard comes with its first list in the page (decision 033), read through the
// renderer's place as the app reads the address (the web build's real one is exercised by the
// browser tests).

const renderer: PageRenderer = {
  cataloguePlace: () => ({ page: 1, search: '', limit: 10 }),
  dashboardPlace: (search) => {
    const params = new URLSearchParams(search);
    if (params.get('status') === 'archived') return null;
    const sort = params.get('sort');
    const query = { page: Number(params.get('page') ?? 1), limit: 5 };
    return {
      query: sort
        ? { ...query, sort, order: params.get('order') === 'desc' ? 'desc' : 'asc' }
        : query,
      key: ['products', 'admin', 'list', { search }],
    };
  },
  renderProductPage: () => ({ html: '', data: { queries: [], user: null } }),
  renderProductNotFound: () => ({ html: '', data: { queries: [], user: null } }),
  renderCataloguePage: () => ({ html: '', data: { queries: [], user: null } }),
};

let t: TestApp;
let dist: string;
let admin: string;

beforeAll(async () => {
  dist = writeWebBuild();
  t = await buildTestApp({ webDistDir: dist }, { pageRenderer: renderer });
  admin = (await signInAsAdmin(t.app)).cookie;
  for (const title of ['Alpha Atlas', 'Beta Botany', 'Gamma Glossary']) {
    await createTestProduct(t.app, admin, { title });
  }
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

/** The data block a page carries, parsed. */
function pageData(html: string): { queries: Array<[unknown[], unknown]>; user: unknown } {
  const data = /<script type="application\/json" id="bindery-page">([^<]*)<\/script>/.exec(html);
  if (!data) throw new Error('the page carries no data');
  return JSON.parse(data[1]!) as { queries: Array<[unknown[], unknown]>; user: unknown };
}

test('an admin’s dashboard carries its first list as GET /api/products sends it, under the app’s key', async () => {
  for (const search of ['', '?sort=title&order=desc']) {
    const response = await get(`/store/dashboard${search}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const api = await get(`/api/products?page=1&limit=5${search.replace('?', '&')}`, admin);
    const list = api.json<ProductList>();
    expect(list.products.length).toBe(3);
    expect(pageData(response.body).queries).toEqual([
      [['products', 'admin', 'list', { search }], list],
    ]);
  }
});

test('the archived list, another page and a buyer’s page carry no list', async () => {
  const archived = await get('/store/dashboard?status=archived', admin);
  expect(archived.statusCode).toBe(200);
  expect(pageData(archived.body).queries).toEqual([]);

  const orders = await get('/store/orders', admin);
  expect(pageData(orders.body).queries).toEqual([]);

  const buyer = await signUpAndSignIn(t.app);
  const buyersDashboard = await get('/store/dashboard', buyer.cookie);
  expect(buyersDashboard.statusCode).toBe(200);
  expect(pageData(buyersDashboard.body).queries).toEqual([]);
});
