import type { Product, ProductList } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import {
  buildTestApp,
  signInAsAdmin,
  testConfig,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { createCatalogRepo, SEARCH_CANDIDATES, type ProductRow } from './catalog.repo.js';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'GET', url, headers });

/** Rows written straight to the database, as another instance (or a restore) would. */
function productRows(
  count: number,
  make: (index: number) => Partial<ProductRow> = () => ({}),
): ProductRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `q${String(index).padStart(15, '0')}`,
    title: `Volume ${index}`,
    subtitle: '',
    description: 'A product.',
    priceCents: 500 + index,
    images: '[]',
    digitalFileId: `secure-digital-products/q${index}`,
    digitalFileFormat: 'pdf',
    digitalFileSize: 1,
    digitalFileName: 'file.pdf',
    createdAt: 1_700_000_000_000 + index * 1000,
    updatedAt: 1_700_000_000_000 + index * 1000,
    archivedAt: null,
    downloadLimit: null,
    taxCode: null,
    payWhatYouWant: 0,
    minimumPriceCents: null,
    ...make(index),
  }));
}

async function insertRows(rows: ProductRow[]) {
  const { db } = t.database;
  const { searchColumns } = await import('./catalog.repo.js');
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('products')
      .values(
        await Promise.all(
          rows
            .slice(start, start + 200)
            .map(async (row) => ({ ...row, ...(await searchColumns(row)) })),
        ),
      )
      .execute();
  }
}

/** Writes made elsewhere show within a second: the catalogue checks for them every 250 ms. */
const WITHIN_A_SECOND = { timeout: 1_100, interval: 20 };
const totalOf = async (url: string) => (await get(url)).json<ProductList>().total;

/**
 * Runs the check for writes made elsewhere now, as the catalogue's watcher would within a
 * quarter second, so that no late check drops the answers the test keeps from here on.
 */
const afterChangeCheck = () => t.app.catalog.checkForChanges();

describe('validators and caching headers', () => {
  test('a catalogue page carries an ETag and answers 304 while it holds, 200 after a change', async () => {
    await createTestProduct(t.app, admin, { title: 'First Edition' });
    const first = await get('/api/products?page=1&limit=10');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toBe('Accept-Encoding');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);

    const again = await get('/api/products?page=1&limit=10', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of validators, strong or weak, matches too.
    const listed = await get('/api/products?page=1&limit=10', {
      'if-none-match': `"other", ${etag.slice(2)}`,
    });
    expect(listed.statusCode).toBe(304);

    await createTestProduct(t.app, admin, { title: 'Second Edition' });
    const changed = await get('/api/products?page=1&limit=10', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<ProductList>().products.map((p) => p.title)).toEqual([
      'Second Edition',
      'First Edition',
    ]);
  });

  test('a product answers 304 for its ETag, and a price change shows at once', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Atlas', price: 12 });
    const first = await get(`/api/products/${product._id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');
    const etag = String(first.headers.etag);
    expect((await get(`/api/products/${product._id}`, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: {
        title: 'Atlas',
        subtitle: product.subtitle,
        description: product.description,
        price: 15,
      },
    });
    expect(put.statusCode).toBe(200);
    const after = await get(`/api/products/${product._id}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json<Product>().price).toBe(15);
  });

  test("the admin's view is never stored and never reaches the public answer", async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Private File' });
    const asAdmin = await get(`/api/products/${product._id}`, { cookie: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(asAdmin.headers.etag).toBeUndefined();
    expect(asAdmin.json<Product>().digitalFile).toHaveProperty('public_id');

    const asVisitor = await get(`/api/products/${product._id}`);
    expect(asVisitor.statusCode).toBe(200);
    expect(asVisitor.json<Product>().digitalFile).toEqual({
      format: product.digitalFile.format,
      size: product.digitalFile.size,
    });
    // And the admin still gets the full view once the public answer is kept.
    const adminAgain = await get(`/api/products/${product._id}`, { cookie: admin });
    expect(adminAgain.json<Product>().digitalFile).toHaveProperty('public_id');
  });

  test('an unknown product is 404 every time, and a product created later is found', async () => {
    const missing = await get('/api/products/AAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect((await get('/api/products/AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });
});

describe('compression', () => {
  beforeEach(async () => {
    for (const index of [1, 2, 3, 4, 5]) {
      await createTestProduct(t.app, admin, {
        title: `Compressible ${index}`,
        description: 'Long enough to be worth compressing. '.repeat(20),
      });
    }
  });

  test('brotli when accepted, gzip otherwise, plain bytes without Accept-Encoding', async () => {
    const plain = await get('/api/products?limit=10');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json<ProductList>();
    expect(expected.products).toHaveLength(5);

    const br = await get('/api/products?limit=10', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gzip = await get('/api/products?limit=10', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);

    const none = await get('/api/products?limit=10', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json<ProductList>()).toEqual(expected);
    // Every encoding of one answer shares its validator.
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  test('other JSON answers of 1 KB and more are compressed too', async () => {
    const document = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(document.rawPayload).toString())).toHaveProperty(
      'paths',
    );
  });
});

describe('answers kept in memory', () => {
  test('a write made by another instance shows within a second', async () => {
    // A second store on the same database: its writes reach this one only through the database.
    const other: FastifyInstance = await buildApp(testConfig(), {
      database: { ...t.database, close: async () => {} },
    });
    await other.ready();
    try {
      await createTestProduct(t.app, admin, { title: 'Seen Everywhere' });
      expect((await get('/api/products', {}, other)).json<ProductList>().total).toBe(1);
      const before = (await get('/api/products')).json<ProductList>();
      expect(before.total).toBe(1);

      const otherAdmin = (await signInAsAdmin(other)).cookie;
      await createTestProduct(other, otherAdmin, { title: 'Written Elsewhere' });
      await expect.poll(() => totalOf('/api/products'), WITHIN_A_SECOND).toBe(2);
      const after = (await get('/api/products')).json<ProductList>();
      expect(after.total).toBe(2);
      expect(after.products.map((p) => p.title)).toEqual(['Written Elsewhere', 'Seen Everywhere']);
    } finally {
      await other.close();
    }
  });

  test('rows written straight to the database show within a second', async () => {
    expect((await get('/api/products')).json<ProductList>().total).toBe(0);
    await insertRows(productRows(3));
    await expect.poll(() => totalOf('/api/products'), WITHIN_A_SECOND).toBe(3);
  });

  test('the memory the answers take stays under its bound', async () => {
    await insertRows(productRows(30));
    await afterChangeCheck();
    for (let page = 1; page <= 30; page += 1) {
      expect((await get(`/api/products?page=${page}&limit=1`)).statusCode).toBe(200);
    }
    const size = t.app.catalog.answerCacheSize();
    expect(size.answers).toBe(30);
    expect(size.bytes).toBeGreaterThan(0);
    expect(size.bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
  });

  test('a search is kept once it is asked a second time, a page of the list at once', async () => {
    await insertRows(productRows(3));
    await afterChangeCheck();
    const kept = () => t.app.catalog.answerCacheSize().answers;
    const first = await get('/api/products?search=volume');
    expect(first.statusCode).toBe(200);
    expect(first.json<ProductList>().total).toBe(3);
    expect(kept()).toBe(0);
    // The same words however written: the same search.
    const second = await get('/api/products?search=%20VOLUME%20');
    expect(second.body).toBe(first.body);
    expect(kept()).toBe(1);
    expect((await get('/api/products?search=volume')).body).toBe(first.body);
    expect(kept()).toBe(1);
    expect((await get('/api/products?search=volume&page=2')).statusCode).toBe(200);
    expect(kept()).toBe(1);
    expect((await get('/api/products')).statusCode).toBe(200);
    expect(kept()).toBe(2);
  });
});

describe('deep pages and big searches', () => {
  test('deep pages read from the nearest anchor list exactly what offset paging would', async () => {
    // 2,345 products with ties on the creation time, so the id must break them.
    await insertRows(
      productRows(2345, (index) => ({ createdAt: 1_700_000_000_000 + (index >> 1) })),
    );
    await afterChangeCheck();
    const repo = createCatalogRepo(t.database.db, t.database.dialect);
    for (const order of ['desc', 'asc'] as const) {
      const sort = { field: 'createdAt', order } as const;
      for (const page of [100, 101, 150, 201, 234, 235]) {
        const query = `?page=${page}&limit=10&sort=createdAt&order=${order}`;
        const response = await get(`/api/products${query}`);
        expect(response.statusCode).toBe(200);
        const body = response.json<ProductList>();
        const expected = await repo.listProducts((page - 1) * 10, 10, sort);
        expect(body.products.map((p) => p._id)).toEqual(expected.map((row) => row.id));
        expect(body.total).toBe(2345);
        expect(body.pages).toBe(235);
      }
    }
    // The default order (newest first) too, and past the end: nothing, with the right paging.
    const deep = (await get('/api/products?page=200&limit=10')).json<ProductList>();
    expect(deep.products.map((p) => p._id)).toEqual(
      (await repo.listProducts(1990, 10)).map((row) => row.id),
    );
    const beyond = (await get('/api/products?page=500&limit=10')).json<ProductList>();
    expect(beyond).toEqual({ products: [], page: 500, pages: 235, total: 2345 });
  });

  test(`a search matching more than ${SEARCH_CANDIDATES} products reports a capped total and pages through it`, async () => {
    // Newest products mention the word in their description only; the oldest has it in its title.
    await insertRows(
      productRows(SEARCH_CANDIDATES + 20, (index) =>
        index === 0
          ? { title: 'Lantern Maker', description: 'The oldest.' }
          : { title: `Volume ${index}`, description: 'Made by a lantern maker.' },
      ),
    );
    await afterChangeCheck();
    const first = await get('/api/products?search=lantern&page=1&limit=10');
    expect(first.statusCode).toBe(200);
    const body = first.json<ProductList>();
    expect(body.total).toBe(SEARCH_CANDIDATES);
    expect(body.totalCapped).toBe(true);
    expect(body.pages).toBe(SEARCH_CANDIDATES / 10);
    // The title match ranks first though a thousand newer products mention the word.
    expect(body.products[0]!.title).toBe('Lantern Maker');

    const last = (
      await get(`/api/products?search=lantern&page=${SEARCH_CANDIDATES / 10}&limit=10`)
    ).json<ProductList>();
    expect(last.products).toHaveLength(10);
    const past = (
      await get(`/api/products?search=lantern&page=${SEARCH_CANDIDATES / 10 + 1}&limit=10`)
    ).json<ProductList>();
    expect(past.products).toEqual([]);
    expect(past.total).toBe(SEARCH_CANDIDATES);

    // Pages never repeat a product.
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const ids = (await get(`/api/products?search=lantern&page=${page}&limit=10`))
        .json<ProductList>()
        .products.map((p) => p._id);
      for (const id of ids) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }

    const rare = (await get('/api/products?search=oldest')).json<ProductList>();
    expect(rare.total).toBe(1);
    expect(rare.totalCapped).toBeUndefined();
  });

  test('archived products leave search and the total at once, and come back if restored', async () => {
    await insertRows(productRows(5, (index) => ({ title: `Harbor Map ${index}` })));
    await afterChangeCheck();
    const repo = createCatalogRepo(t.database.db, t.database.dialect);
    expect((await repo.searchProducts(['harbor'], 0, 10)).total).toBe(5);
    await repo.archiveProduct('q000000000000002', Date.now());
    expect((await repo.searchProducts(['harbor'], 0, 10)).rows.map((r) => r.id)).not.toContain(
      'q000000000000002',
    );
    expect((await repo.searchProducts(['harbor'], 0, 10)).total).toBe(4);
    expect((await repo.readState()).liveProducts).toBe(4);
    await repo.updateProduct('q000000000000002', { archivedAt: null });
    expect((await repo.searchProducts(['harbor'], 0, 10)).total).toBe(5);
    expect((await repo.readState()).liveProducts).toBe(5);
    await repo.archiveProduct('q000000000000003', Date.now());
    expect(await repo.deleteProduct('q000000000000003')).toBe(true);
    expect((await repo.readState()).liveProducts).toBe(4);
    expect((await repo.searchProducts(['harbor'], 0, 10)).total).toBe(4);
  });
});
