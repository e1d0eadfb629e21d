import { afterEach, describe, expect, test, vi } from 'vitest';
import { testDb } from '../../test/build-test-app.js';
import type { SearchIndexRow } from './catalog-search.repo.js';
import { createIndexHost } from './search-index-host.js';
import { createSearchIndexKeeper, type SearchIndexSource } from './search-index-keeper.js';

// The search index on its own thread (decision 041, the sixth pass): builds are sent to it,
// searches read it there, and a thread that fails takes only its index with it.

const row = (id: string, title: string, createdAt: number): SearchIndexRow => ({
  id,
  createdAt,
  searchTitle: title,
  searchSubtitle: '',
  searchDescription: '',
  digitalFileFormat: 'pdf',
});

/**
 * A catalogue the keeper reads, whose rows and version a test changes; every batch after a
 * build's first comes `laterBatchMs` after it is asked for.
 */
function catalogue(rows: SearchIndexRow[]) {
  const state = { rows, version: 1, laterBatchMs: 0 };
  const source: SearchIndexSource = {
    readState: () => Promise.resolve({ version: state.version }),
    searchIndexRows: async (after, limit) => {
      const from = after ? state.rows.findIndex((one) => one.id === after.id) + 1 : 0;
      if (after) await new Promise((resolve) => setTimeout(resolve, state.laterBatchMs));
      return state.rows.slice(from, from + limit);
    },
  };
  return { state, source };
}

const keepers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(keepers.splice(0).map((keeper) => keeper.close()));
});

function keeperOf(source: SearchIndexSource, retryMs = 5000) {
  const built: number[] = [];
  const failures: string[] = [];
  const keeper = createSearchIndexKeeper(source, {
    onBuilt: ({ products }) => built.push(products),
    onFailed: (error) => failures.push(error instanceof Error ? error.message : String(error)),
    retryMs,
  });
  keepers.push(keeper);
  return { keeper, built, failures };
}

const current = (keeper: { isCurrent(): boolean }) =>
  vi.waitFor(() => expect(keeper.isCurrent()).toBe(true), { timeout: 10_000, interval: 10 });

describe.skipIf(testDb === 'postgres')('the search index on its own thread', () => {
  test('a search starts the build; once it is done, the thread answers', async () => {
    const { state, source } = catalogue([row('b', 'blue moon', 2), row('a', 'blue sky', 1)]);
    const { keeper, built } = keeperOf(source);
    keeper.versionSeen(state.version);
    // Until a build is done the database answers (undefined here).
    expect(await keeper.search(['blue'], 0, 10, 100)).toBeUndefined();
    await current(keeper);
    expect(built).toEqual([2]);
    expect(await keeper.search(['blue'], 0, 10, 100)).toEqual({
      ids: ['b', 'a'],
      total: 2,
      more: false,
      generation: 1,
    });
    expect(await keeper.search(['sky'], 0, 10, 100)).toMatchObject({ ids: ['a'], total: 1 });
    // A write here makes it stale at once; the next build is another generation.
    keeper.written();
    expect(keeper.isCurrent()).toBe(false);
    expect(await keeper.search(['blue'], 0, 10, 100)).toBeUndefined();
    await current(keeper);
    expect(await keeper.search(['blue'], 0, 1, 100)).toEqual({
      ids: ['b'],
      total: 2,
      more: false,
      generation: 2,
    });
  });

  test('a thread that fails takes its index along: the database answers, a new thread builds', async () => {
    const { state, source } = catalogue([row('a', 'green tea', 1)]);
    const { keeper, failures } = keeperOf(source, 300);
    keeper.versionSeen(state.version);
    await keeper.search(['green'], 0, 10, 100);
    await current(keeper);
    // A row the thread cannot read ends it while the next version is built, with batches still
    // to come after the loss is known: none of them goes to a new thread as if a build of its own.
    const more = Array.from({ length: 1000 }, (_, at) => row(`m${at}`, 'green', -at));
    state.rows = [
      row('c', 'green', 3),
      { ...row('b', 'x', 2), searchTitle: null as never },
      ...more,
    ];
    state.laterBatchMs = 200;
    state.version = 2;
    keeper.versionSeen(state.version);
    await vi.waitFor(() => expect(failures).toHaveLength(1), { timeout: 10_000, interval: 10 });
    expect(failures[0]).toMatch(/^the thread was lost during the build: .*'split'/);
    expect(keeper.isCurrent()).toBe(false);
    expect(await keeper.search(['green'], 0, 10, 100)).toBeUndefined();
    // Once the catalogue reads well again, the next build starts a thread of its own.
    state.rows = [row('c', 'green', 3), row('a', 'green tea', 1)];
    state.laterBatchMs = 0;
    await current(keeper);
    expect(await keeper.search(['green'], 0, 10, 100)).toMatchObject({
      ids: ['c', 'a'],
      total: 2,
    });
    expect(failures).toHaveLength(1);
  });

  test('closed, it answers nothing and builds nothing', async () => {
    const { state, source } = catalogue([row('a', 'red', 1)]);
    const { keeper, built } = keeperOf(source);
    keeper.versionSeen(state.version);
    await keeper.search(['red'], 0, 10, 100);
    await current(keeper);
    await keeper.close();
    expect(keeper.isCurrent()).toBe(false);
    keeper.written();
    expect(await keeper.search(['red'], 0, 10, 100)).toBeUndefined();
    expect(built).toEqual([1]);
  });
});

describe.skipIf(testDb === 'postgres')('what holds the index on its thread', () => {
  const product = (id: string, title: string) => ({
    id,
    searchTitle: title,
    searchSubtitle: '',
    searchDescription: '',
    format: 'pdf',
  });
  const search = (build: number, terms: string[]) => ({
    build,
    terms,
    offset: 0,
    limit: 10,
    candidates: 100,
  });

  test('answers a search only of the build it holds', () => {
    const host = createIndexHost();
    host.add(1, [product('a', 'owl')]);
    expect(host.search(search(1, ['owl']))).toBeNull(); // Not finished yet.
    expect(host.finish(1)).toMatchObject({ products: 1 });
    expect(host.search(search(1, ['owl']))).toEqual({ ids: ['a'], total: 1, more: false });
    host.add(2, [product('b', 'owl')]);
    host.add(2, [product('a', 'owl')]);
    // Build 1 answers until build 2 is finished; then only build 2 does.
    expect(host.search(search(1, ['owl']))).toMatchObject({ ids: ['a'] });
    expect(host.finish(2)).toMatchObject({ products: 2 });
    expect(host.search(search(1, ['owl']))).toBeNull();
    expect(host.search(search(2, ['owl']))).toMatchObject({ ids: ['b', 'a'], total: 2 });
  });

  test('an abandoned build is let go; a newer build replaces one under way', () => {
    const host = createIndexHost();
    host.add(1, [product('a', 'fox')]);
    host.abandon(1);
    host.add(2, [product('b', 'fox')]);
    host.add(3, [product('c', 'fox')]);
    expect(host.finish(3)).toMatchObject({ products: 1 });
    expect(host.search(search(3, ['fox']))).toMatchObject({ ids: ['c'] });
    // A build sent no products (an empty catalogue) finishes empty.
    expect(host.finish(4)).toMatchObject({ products: 0 });
    expect(host.search(search(4, ['fox']))).toMatchObject({ ids: [], total: 0 });
  });
});
