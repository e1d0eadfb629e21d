import { PRODUCT_SORT_FIELDS, type ProductList } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
  await signInAsAdmin(t.app);
});
afterEach(async () => {
  await t.close();
});

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  return { status: response.statusCode, body: response.json<ProductList & { message?: string }>() };
};

/** Ties on purpose: equal prices, equal creation times, titles that differ only by case. */
const PRODUCTS = [
  { title: 'banana', cents: 500, at: 3 },
  { title: 'Apple', cents: 300, at: 1 },
  { title: 'cherry', cents: 500, at: 3 },
  { title: 'apple', cents: 900, at: 2 },
  { title: 'Damson', cents: 100, at: 3 },
  { title: 'elder', cents: 500, at: 1 },
  { title: 'Fig', cents: 300, at: 2 },
];

async function seedProducts() {
  for (const [index, item] of PRODUCTS.entries()) {
    await t.database.db
      .insertInto('products')
      .values({
        id: `s${String(index).padStart(15, '0')}`,
        title: item.title,
        subtitle: '',
        description: 'A product.',
        priceCents: item.cents,
        payWhatYouWant: 0,
        images: JSON.stringify([`/media/images/img${index}/original.png`]),
        digitalFileId: `secure-digital-products/f${index}`,
        digitalFileFormat: 'pdf',
        digitalFileSize: 1234,
        digitalFileName: 'file.pdf',
        createdAt: 1_700_000_000_000 + item.at * 1000,
        updatedAt: 1_700_000_000_000,
      })
      .execute();
  }
}

const keyOf: Record<
  (typeof PRODUCT_SORT_FIELDS)[number],
  (p: ProductList['products'][number]) => string | number
> = {
  title: (p) => p.title.toLowerCase(),
  price: (p) => p.price,
  createdAt: (p) => Date.parse(p.createdAt),
};

describe('sorting the admin product list on the server', () => {
  test.each(
    PRODUCT_SORT_FIELDS.flatMap((field) =>
      (['asc', 'desc'] as const).map((order) => [field, order] as const),
    ),
  )('sort=%s&order=%s sorts the whole list, and page 2 continues page 1', async (field, order) => {
    await seedProducts();
    const whole = await list(`sort=${field}&order=${order}&limit=50`);
    expect(whole.status).toBe(200);
    expect(whole.body.total).toBe(PRODUCTS.length);

    const keys = whole.body.products.map(keyOf[field]);
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(order === 'asc' ? sorted : sorted.toReversed());

    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await list(`sort=${field}&order=${order}&limit=3&page=${page}`);
      expect(response.status).toBe(200);
      pages.push(...response.body.products.map((p) => p._id));
    }
    // Every product exactly once, in the order of the whole list: ties broken the same way.
    expect(pages).toEqual(whole.body.products.map((p) => p._id));
    expect(new Set(pages).size).toBe(PRODUCTS.length);
  });

  test('price ascending puts the cheapest first across pages', async () => {
    await seedProducts();
    const first = await list('sort=price&order=asc&limit=5');
    const second = await list('sort=price&order=asc&limit=5&page=2');
    expect(first.body.products.map((p) => p.price)).toEqual([1, 3, 3, 5, 5]);
    expect(second.body.products.map((p) => p.price)).toEqual([5, 9]);
  });

  test('without sort the list stays newest first', async () => {
    await seedProducts();
    const response = await list('limit=50');
    const times = response.body.products.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test.each([
    ['sort=amount', 'sort', 'sort must be one of title, price, createdAt'],
    ['sort=price&order=up', 'order', 'order must be asc or desc'],
    ['sort=__proto__', 'sort', 'sort must be one of title, price, createdAt'],
  ])('%s is a 400 naming the parameter', async (query, field, message) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { [field]: [message] },
    });
  });
});
