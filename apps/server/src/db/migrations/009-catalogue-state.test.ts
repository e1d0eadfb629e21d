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

test('the count starts from the products on sale, and archived ones leave the search index', async () => {
  handle = await databaseBefore('009-catalogue-state');
  const { db, dialect } = handle;
  const products = [
    { id: 'live000000000001', title: 'Tide Tables', archivedAt: null },
    { id: 'live000000000002', title: 'Tide Charts', archivedAt: null },
    { id: 'gone000000000001', title: 'Tide Almanac', archivedAt: 5000 },
  ];
  for (const [index, product] of products.entries()) {
    await sql`insert into products (id, title, subtitle, description, price_cents, images,
      digital_file_id, digital_file_format, digital_file_size, digital_file_name, created_at,
      updated_at, archived_at, search_title, search_subtitle, search_description)
      values (${product.id}, ${product.title}, ${''}, ${'Text.'}, ${500}, ${'[]'}, ${`f${index}`},
      ${'pdf'}, ${1}, ${'f.pdf'}, ${1000 + index}, ${1000 + index}, ${product.archivedAt},
      ${product.title.toLowerCase()}, ${''}, ${'text'})`.execute(db);
  }

  expect((await migrate(handle))[0]).toBe('009-catalogue-state');

  const repo = createCatalogRepo(db, dialect);
  expect((await repo.readState()).liveProducts).toBe(2);
  const found = await repo.searchProducts(['tide'], 0, 10);
  expect(found.rows.map((row) => row.id).sort()).toEqual(['live000000000001', 'live000000000002']);
  expect(found.total).toBe(2);

  // Every write moves the version; the count follows archiving both ways.
  const before = await repo.readState();
  await repo.archiveProduct('live000000000001', 9000);
  const archived = await repo.readState();
  expect(archived.liveProducts).toBe(1);
  expect(archived.version).toBeGreaterThan(before.version);
  await repo.updateProduct('gone000000000001', { archivedAt: null });
  expect((await repo.readState()).liveProducts).toBe(2);
  expect((await repo.searchProducts(['almanac'], 0, 10)).total).toBe(1);
});
