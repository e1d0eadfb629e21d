import type { ProductList } from '@bindery/shared';
import { afterAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEMO_PRODUCTS } from './demo-catalogue.js';
import { seedDemoCatalogue } from './seed-demo-catalogue.js';

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
});

test('a yen store’s first start seeds the demo at whole-yen prices (¥1,299, not ¥12.99)', async () => {
  t = await buildTestApp({ currency: 'JPY', locale: 'ja-JP' });
  const seeded = await seedDemoCatalogue({
    db: t.database.db,
    catalog: t.app.catalog,
    uploads: t.app.uploads,
  });
  expect(seeded).toBe(DEMO_PRODUCTS.length);
  const list = await t.app.inject({ method: 'GET', url: '/api/products?limit=50' });
  const prices = new Map(
    list.json<ProductList>().products.map((product) => [product.title, product.price]),
  );
  for (const demo of DEMO_PRODUCTS) expect(prices.get(demo.title)).toBe(demo.priceCents);
  expect(list.json<ProductList>().products[0]!.currency).toBe('JPY');
}, 120_000);
