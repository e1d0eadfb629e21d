import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { createCatalogRepo } from '../../features/catalog/catalog.repo.js';
import { searchTerms } from '../../features/catalog/search-terms.js';
import { databaseBefore } from '../../test/migrations.js';
import type { DatabaseHandle } from '../client.js';
import { migrate } from '../migrate.js';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

test('products that existed before are folded and found by every spelling', async () => {
  handle = await databaseBefore('008-search-folding');
  const { db, dialect } = handle;
  const titles = ['The E-Book Handbook', 'Café Stories', 'Plain Paper'];
  for (const [index, title] of titles.entries()) {
    await sql`insert into products (id, title, subtitle, description, price_cents, images,
      digital_file_id, digital_file_format, digital_file_size, digital_file_name, created_at, updated_at)
      values (${`p${index}`}, ${title}, ${'Über-subtitle'}, ${'Text.'}, ${500}, ${'[]'},
      ${`f${index}`}, ${'pdf'}, ${1}, ${'f.pdf'}, ${1000 + index}, ${1000 + index})`.execute(db);
  }

  expect((await migrate(handle))[0]).toBe('008-search-folding');

  const repo = createCatalogRepo(db, dialect);
  const found = async (text: string) =>
    (await repo.searchProducts(searchTerms(text), 0, 10)).rows.map((row) => row.title).sort();
  expect(await found('ebook')).toEqual(['The E-Book Handbook']);
  expect(await found('e-book')).toEqual(['The E-Book Handbook']);
  expect(await found('cafe')).toEqual(['Café Stories']);
  expect(await found('uber subtitle')).toEqual(titles.toSorted());
  expect(await found('paper')).toEqual(['Plain Paper']);
  // Later writes keep the index in step (the triggers or the generated column follow the rows).
  await repo.updateProduct('p2', { title: 'Naïve Paper' });
  expect(await found('naive')).toEqual(['Naïve Paper']);
  expect(await found('plain')).toEqual([]);
  if (dialect === 'sqlite') {
    // FTS5 compares its index with the folded columns and throws on any difference.
    await sql`insert into products_fts (products_fts, rank) values ('integrity-check', 1)`.execute(
      db,
    );
  }
});
