import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, testDb, type TestApp } from '../../test/build-test-app.js';
import { publicRowsInOrder, sqlitePublicRows } from './catalog-search.repo.js';
import { createCatalogRepo } from './catalog.repo.js';

// The page of an index search reads its rows straight from SQLite's connection (decision 041):
// the very rows the query builder's read gives, in the order asked, an unknown id left out.

describe.skipIf(testDb === 'postgres')(
  'the rows of a search page, read without the builder',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
      const repo = createCatalogRepo(t.database.db, t.database.dialect);
      for (let index = 0; index < 6; index += 1) {
        await repo.insertProduct({
          id: `r${String(index).padStart(15, '0')}`,
          title: `Guide ${index}`,
          subtitle: index % 2 ? 'A subtitle' : '',
          description: `Café — ${'long '.repeat(index * 40)}text`,
          priceCents: 1000 + index,
          images: JSON.stringify([`/media/images/img${index}/original.png`]),
          digitalFileId: `secure-digital-products/f${index}`,
          digitalFileFormat: (['pdf', 'zip', 'epub'] as const)[index % 3]!,
          digitalFileSize: 1234 * (index + 1),
          digitalFileName: 'file.pdf',
          createdAt: 1_700_000_000_000 + index * 1000,
          updatedAt: 1_700_000_500_000 + index,
          archivedAt: null,
          downloadLimit: null,
          taxCode: null,
          payWhatYouWant: index === 4 ? 1 : 0,
          minimumPriceCents: index === 4 ? 250 : null,
        });
      }
    });
    afterAll(() => t.close());

    test('are the rows the query builder reads, in the order asked', async () => {
      const ids = ['r000000000000004', 'r000000000000000', 'missing', 'r000000000000005'];
      const direct = sqlitePublicRows(t.database.sqlite!)(ids);
      expect(direct).toEqual(await publicRowsInOrder(t.database.db, 'sqlite', ids));
      expect(direct.map((row) => row.id)).toEqual([
        'r000000000000004',
        'r000000000000000',
        'r000000000000005',
      ]);
      expect(direct[0]).toMatchObject({
        payWhatYouWant: 1,
        minimumPriceCents: 250,
        priceCents: 1004,
      });
      expect(sqlitePublicRows(t.database.sqlite!)([])).toEqual([]);
    });
  },
);
