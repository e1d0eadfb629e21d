import { afterEach, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { SITEMAP_URLS_PER_FILE } from './sitemap.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

async function storeWith(products: number, urlsPerFile?: number) {
  t = await buildTestApp(
    { publicUrl: 'https://shop.example.com' },
    urlsPerFile ? { sitemapUrlsPerFile: urlsPerFile } : {},
  );
  const admin = (await signInAsAdmin(t.app)).cookie;
  const ids: string[] = [];
  for (let i = 0; i < products; i += 1) {
    ids.push((await createTestProduct(t.app, admin, { title: `Book ${i}` }))._id);
  }
  return { admin, ids: ids.sort() };
}

test('robots.txt lets crawlers read the store, not the API, accounts, orders or admin', async () => {
  t = await buildTestApp({ publicUrl: 'https://shop.example.com' });
  const response = await get('/robots.txt');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  const lines = response.body.split('\n');
  for (const path of [
    '/api/',
    '/checkout/',
    '/store/login',
    '/store/my-orders',
    '/store/account',
    '/store/dashboard',
    '/store/orders',
    '/store/sales',
    '/store/discounts',
  ]) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).not.toContain('Disallow: /store/products');
  expect(lines).not.toContain('Disallow: /store/product/');
  expect(lines).toContain('Sitemap: https://shop.example.com/sitemap.xml');
});

test('the sitemap lists the catalogue and every live product, with when it changed', async () => {
  const { admin, ids } = await storeWith(3);
  const gone = ids.pop()!;
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/api/products/${gone}`,
    headers: { cookie: admin },
  });
  expect(removed.statusCode).toBe(204);

  const response = await get('/sitemap.xml');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
  expect(locsOf(response.body)).toEqual([
    'https://shop.example.com/store/products',
    ...ids.map((id) => `https://shop.example.com/store/product/${id}`),
  ]);
  expect(response.body.match(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)).toHaveLength(2);
  expect(SITEMAP_URLS_PER_FILE).toBe(50_000);
});

test('past the limit per file, /sitemap.xml is an index of files that hold every address once', async () => {
  const { ids } = await storeWith(7, 3);
  const root = await get('/sitemap.xml');
  expect(root.statusCode).toBe(200);
  expect(root.body).toContain('<sitemapindex ');
  const files = locsOf(root.body);
  expect(files).toEqual([1, 2, 3].map((n) => `https://shop.example.com/sitemap-${n}.xml`));

  const all: string[] = [];
  for (const file of files) {
    const response = await get(new URL(file!).pathname);
    expect(response.statusCode).toBe(200);
    const locs = locsOf(response.body);
    expect(locs.length).toBeLessThanOrEqual(3);
    all.push(...locs.map(String));
  }
  expect(all).toEqual([
    'https://shop.example.com/store/products',
    ...ids.map((id) => `https://shop.example.com/store/product/${id}`),
  ]);

  for (const missing of ['/sitemap-4.xml', '/sitemap-0.xml', '/sitemap-x.xml', '/sitemap-01.xml']) {
    const response = await get(missing);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Sitemap not found.');
  }
});
