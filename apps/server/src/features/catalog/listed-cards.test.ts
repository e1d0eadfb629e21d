import type { Product, ProductList } from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, signInAsAdmin, testDb, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { productListBody } from './catalog-pages.js';
import { createListedCards } from './listed-cards.js';

// The listed products' JSON kept per search index build (decision 041, the fifth pass): a card
// shows what the product's row holds now, and the kept cards stay within their bound.

interface Row {
  id: string;
  price: number;
}

/** A reader of rows by id that records what it was asked for. */
function rowsOf(rows: Row[]) {
  const asked: string[][] = [];
  const read = (ids: string[]) => {
    asked.push(ids);
    return Promise.resolve(rows.filter((row) => ids.includes(row.id)));
  };
  return { asked, read };
}
const toCard = (row: Row) => JSON.stringify({ _id: row.id, price: row.price });
const idsOf = (cards: string[]) => cards.map((card) => (JSON.parse(card) as { _id: string })._id);

describe.skipIf(testDb === 'postgres')('the kept cards', () => {
  const rows = ['a', 'b', 'c', 'd', 'e'].map((id, at) => ({ id, price: at }));

  test('a card shown once is not read again while its index build is current', async () => {
    const cards = createListedCards(1024);
    const { asked, read } = rowsOf(rows);
    expect(idsOf(await cards.cardsOf(1, ['c', 'a'], read, toCard))).toEqual(['c', 'a']);
    expect(idsOf(await cards.cardsOf(1, ['a', 'b', 'c'], read, toCard))).toEqual(['a', 'b', 'c']);
    expect(asked).toEqual([['c', 'a'], ['b']]);
    // An id no row has is left out, as a read by id leaves it out.
    expect(idsOf(await cards.cardsOf(1, ['x', 'b'], read, toCard))).toEqual(['b']);
  });

  test('a newer index build starts afresh: its cards show the rows as they are now', async () => {
    const cards = createListedCards(1024);
    await cards.cardsOf(1, ['a'], rowsOf(rows).read, toCard);
    const changed = rowsOf([{ id: 'a', price: 99 }]);
    expect(await cards.cardsOf(2, ['a'], changed.read, toCard)).toEqual(['{"_id":"a","price":99}']);
    expect(changed.asked).toEqual([['a']]);
  });

  test('cards read for an older build while a newer one began are shown, not kept', async () => {
    const cards = createListedCards(1024);
    let release = () => {};
    const slow = (ids: string[]) =>
      new Promise<Row[]>((resolve) => {
        release = () => resolve(rows.filter((row) => ids.includes(row.id)));
      });
    const older = cards.cardsOf(1, ['a'], slow, toCard);
    await cards.cardsOf(2, ['b'], rowsOf(rows).read, toCard);
    release();
    expect(idsOf(await older)).toEqual(['a']);
    const { asked, read } = rowsOf(rows);
    await cards.cardsOf(2, ['a', 'b'], read, toCard);
    expect(asked).toEqual([['a']]);
  });

  test('a search of an older build asked after a newer one began reads its rows, keeps none', async () => {
    const cards = createListedCards(1024);
    await cards.cardsOf(2, ['a'], rowsOf(rows).read, toCard);
    const outdated = rowsOf([{ id: 'a', price: 7 }, ...rows.slice(1)]);
    expect(await cards.cardsOf(1, ['a', 'b'], outdated.read, toCard)).toEqual([
      '{"_id":"a","price":7}',
      '{"_id":"b","price":1}',
    ]);
    expect(outdated.asked).toEqual([['a', 'b']]);
    // The newer build's cards are as they were, and b was not kept for it.
    const { asked, read } = rowsOf(rows);
    expect(await cards.cardsOf(2, ['a', 'b'], read, toCard)).toEqual([
      '{"_id":"a","price":0}',
      '{"_id":"b","price":1}',
    ]);
    expect(asked).toEqual([['b']]);
  });

  test('they stay within their bound: the recent half, and the half shown before it', async () => {
    const card = toCard(rows[0]!);
    const cards = createListedCards(card.length * 4);
    const { asked, read } = rowsOf(rows);
    await cards.cardsOf(1, ['a', 'b'], read, toCard); // the recent half is full: now the older
    await cards.cardsOf(1, ['c'], read, toCard);
    await cards.cardsOf(1, ['a'], read, toCard); // a moves to the recent half, full again
    expect(cards.size()).toBeLessThanOrEqual(card.length * 4);
    expect(asked).toEqual([['a', 'b'], ['c']]);
    asked.length = 0;
    // b went with the half it was in; c and a are kept.
    await cards.cardsOf(1, ['a', 'b', 'c', 'd'], read, toCard);
    expect(asked).toEqual([['b', 'd']]);
  });

  test('a card let go while the missing rows are read still shows', async () => {
    const card = toCard(rows[0]!);
    const cards = createListedCards(card.length * 4);
    await cards.cardsOf(1, ['a', 'b'], rowsOf(rows).read, toCard);
    let release = () => {};
    const slowlyAsked: string[][] = [];
    const slow = (ids: string[]) =>
      new Promise<Row[]>((resolve) => {
        slowlyAsked.push(ids);
        release = () => resolve(rows.filter((row) => ids.includes(row.id)));
      });
    const page = cards.cardsOf(1, ['a', 'c'], slow, toCard);
    // Another search fills the recent half meanwhile: the half holding a goes.
    await cards.cardsOf(1, ['d', 'e'], rowsOf(rows).read, toCard);
    release();
    expect(idsOf(await page)).toEqual(['a', 'c']);
    expect(slowlyAsked).toEqual([['c']]);
  });

  test("a list's body is the bytes of JSON.stringify of the list", () => {
    const products = [{ _id: 'a', title: 'Ä "quoted" \\ ✓ 📘', price: 1.5 }, { _id: 'b' }];
    const cards = products.map((product) => JSON.stringify(product));
    for (const list of [
      { page: 2, pages: 7, total: 61 },
      { page: 1, pages: 100, total: 1000, totalCapped: true },
      { page: 1, pages: 0, total: 0 },
    ]) {
      const body = productListBody(cards, list);
      expect(body.equals(Buffer.from(JSON.stringify({ products, ...list })))).toBe(true);
    }
    expect(productListBody([], { page: 1, pages: 0, total: 0 }).toString()).toBe(
      JSON.stringify({ products: [], page: 1, pages: 0, total: 0 }),
    );
  });
});

describe('searches answered from the index show each product as it is now', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAsAdmin(t.app)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The prices a search shows, by product id, newest first. */
  const prices = async (page: number, limit: number) => {
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/products?search=quince&page=${page}&limit=${limit}`,
    });
    expect(found.statusCode).toBe(200);
    return found
      .json<ProductList>()
      .products.map((product: Product) => [product._id, product.price]);
  };
  const untilIndexed = () =>
    vi.waitFor(
      async () => {
        // Another search, so that no answer of the ones below is kept before the index is built.
        await t.app.inject({ method: 'GET', url: '/api/products?search=zzz' });
        await t.app.catalog.checkForChanges();
        expect(t.app.catalog.isSearchIndexCurrent()).toBe(true);
      },
      { timeout: 10_000, interval: 20 },
    );

  test('a price changed here or by another writer shows in the searches after it', async () => {
    const atlas = (await createTestProduct(t.app, admin, { title: 'Quince Atlas', price: 12 }))._id;
    const primer = (await createTestProduct(t.app, admin, { title: 'Quince Primer', price: 8 }))
      ._id;
    await untilIndexed();
    // Shown from the index, so kept as cards. Each search below asks for a page never asked
    // before: no kept answer stands in for the cards.
    expect(await prices(1, 2)).toEqual([
      [primer, 8],
      [atlas, 12],
    ]);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${atlas}`,
      headers: { cookie: admin },
      payload: {
        title: 'Quince Atlas',
        subtitle: 'Sewn bindings at home',
        description: 'A practical handbook for binding your own books.',
        price: 15,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(await prices(2, 1)).toEqual([[atlas, 15]]);
    await untilIndexed();
    expect(await prices(1, 3)).toEqual([
      [primer, 8],
      [atlas, 15],
    ]);

    // Written straight to the database, as another instance would: seen at the change check.
    await t.database.db
      .updateTable('products')
      .set({ priceCents: 950, updatedAt: Date.now() })
      .where('id', '=', primer)
      .execute();
    await t.app.catalog.checkForChanges();
    await untilIndexed();
    expect(await prices(1, 4)).toEqual([
      [primer, 9.5],
      [atlas, 15],
    ]);
  });
});
