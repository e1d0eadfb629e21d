import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { createCatalogRepo } from '../../features/catalog/catalog.repo.js';
import { databaseBefore } from '../../test/migrations.js';
import type { DatabaseHandle } from '../client.js';
import { migrate } from '../migrate.js';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

test('products made before it are found by their format; archived ones stay out of search', async () => {
  handle = await databaseBefore('020-search-formats');
  const { db, dialect } = handle;
  const products = [
    { id: 'live000000000001', title: 'Tide Tables', format: 'epub', archivedAt: null },
    { id: 'live000000000002', title: 'Tide Charts', format: 'pdf', archivedAt: null },
    { id: 'gone000000000001', title: 'Tide Almanac', format: 'epub', archivedAt: 5000 },
  ];
  for (const [index, product] of products.entries()) {
    await sql`insert into products (id, title, subtitle, description, price_cents, images,
      digital_file_id, digital_file_format, digital_file_size, digital_file_name, created_at,
      updated_at, archived_at, search_title, search_subtitle, search_description)
      values (${product.id}, ${product.title}, ${''}, ${'Text.'}, ${500}, ${'[]'}, ${`f${index}`},
      ${product.format}, ${1}, ${`f.${product.format}`}, ${1000 + index}, ${1000 + index},
      ${product.archivedAt}, ${product.title.toLowerCase()}, ${''}, ${'text'})`.execute(db);
  }

  expect(await migrate(handle)).toContain('020-search-formats');

  const repo = createCatalogRepo(db, dialect);
  const ids = async (terms: string[]) =>
    (await repo.searchProducts(terms, 0, 10)).rows.map((row) => row.id).sort();
  expect(await ids(['ebook'])).toEqual(['live000000000001']);
  expect(await ids(['pdf'])).toEqual(['live000000000002']);
  // The words already indexed still are.
  expect(await ids(['tide'])).toEqual(['live000000000001', 'live000000000002']);

  // The index keeps following archiving both ways.
  await repo.updateProduct('gone000000000001', { archivedAt: null });
  expect(await ids(['epub'])).toEqual(['gone000000000001', 'live000000000001']);
  await repo.archiveProduct('live000000000001', 9000);
  expect(await ids(['epub'])).toEqual(['gone000000000001']);
});
