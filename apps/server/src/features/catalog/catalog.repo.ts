import type SqliteDatabase from 'better-sqlite3';
import type { ProductSortField, SortOrder } from '@bindery/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { Database, ProductsTable } from '../../db/types.js';
import { containsText } from '../../lib/contains-pattern.js';
import {
  publicRowsReader,
  searchColumns,
  searchIndexRows,
  searchProducts,
} from './catalog-search.repo.js';
import { searchText } from './search-terms.js';
import { productFileQueries } from './product-files.repo.js';

export { SEARCH_CANDIDATES, searchColumns } from './catalog-search.repo.js';

export type ProductRow = ProductsTable;

/** The admin table's order: a column and a direction. */
export interface ProductSort {
  field: ProductSortField;
  order: SortOrder;
}

/** Where a page of the newest-first catalogue starts reading: a product's place in that order. */
export interface ProductKey {
  createdAt: number;
  id: string;
}

export interface CatalogueState {
  /** Raised by every product write (a trigger); a cached answer of an older version is stale. */
  version: number;
  liveProducts: number;
}

const NEWEST_FIRST: ProductSort = { field: 'createdAt', order: 'desc' };

/**
 * Every query of the catalogue, plus `transaction()` to run several as one; with SQLite's
 * connection itself, an index search's rows are read from it directly (decision 041).
 */
export function createCatalogRepo(db: Db, dialect: Dialect, sqlite?: SqliteDatabase.Database) {
  return {
    ...catalogQueries(db, dialect),
    publicRowsInOrder: publicRowsReader(db, dialect, sqlite),
    /** The same queries inside a transaction another feature holds. */
    within: (trx: Db) => catalogQueries(trx, dialect),
    /**
     * Runs `work` in one transaction: `tx` holds the same queries bound to it, and `trx` is the
     * transaction itself, for another feature's service to join (uploads claimed by a product).
     */
    transaction<T>(work: (tx: CatalogQueries, trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(catalogQueries(trx, dialect), trx));
    },
  };
}

/** The queries of the catalogue, written once for both databases; `db` may be a transaction. */
function catalogQueries(db: Db, dialect: Dialect) {
  return {
    ...pageQueries(db),
    searchProducts: (terms: string[], offset: number, limit: number) =>
      searchProducts(db, dialect, terms, offset, limit),
    searchIndexRows: (after: ProductKey | undefined, limit: number) =>
      searchIndexRows(db, after, limit),
    ...productQueries(db),
    ...productWriteQueries(db),
    ...productFileQueries(db),
  };
}

/** The catalogue's state and its pages in order. */
function pageQueries(db: Db) {
  return {
    /** The number of products on sale and the catalogue's version, kept by triggers (migration 009). */
    async readState(): Promise<CatalogueState> {
      const row = await db
        .selectFrom('catalogueState')
        .select(['version', 'liveProducts'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return { version: Number(row.version), liveProducts: Number(row.liveProducts) };
    },

    /**
     * A page of the catalogue, newest first unless `sort` says otherwise; the id breaks ties, so
     * pages never overlap. Archived products are no longer in the catalogue. With `after` (the
     * key of the row just before the page, in the order of the newest-first sort), the page is
     * read from that key on: deep pages skip `offset` rows of the index, not of the table.
     */
    async listProducts(
      offset: number,
      limit: number,
      sort: ProductSort = NEWEST_FIRST,
      after?: ProductKey,
      archived = false,
    ): Promise<ProductRow[]> {
      const { order } = sort;
      let rows = db
        .selectFrom('products')
        .selectAll()
        .where('archivedAt', archived ? 'is not' : 'is', null);
      if (sort.field === 'title') {
        // Case does not split the list: "apple" sits beside "Apple", on both databases.
        rows = rows.orderBy(sql`lower(title)`, order).orderBy('title', order);
      } else if (sort.field === 'price') {
        rows = rows.orderBy('priceCents', order);
      } else {
        if (after) {
          const key = (eb: ExpressionBuilder<Database, 'products'>) =>
            eb(
              eb.refTuple('createdAt', 'id'),
              order === 'desc' ? '<' : '>',
              eb.tuple(after.createdAt, after.id),
            );
          rows = rows.where(key);
        }
        rows = rows.orderBy('createdAt', order);
      }
      return rows.orderBy('id', order).limit(limit).offset(offset).execute();
    },

    /** How many products are archived (off sale, kept for their buyers). */
    async countArchived(): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('archivedAt', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * The key of every `stride`-th product in creation order (the 1st entry is the product at
     * position `stride`, counting from 1): where a deep page can start reading the index.
     */
    async pageAnchors(stride: number, order: SortOrder): Promise<ProductKey[]> {
      const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
      const result = await sql<ProductKey>`
        select created_at, id from (
          select created_at, id,
                 row_number() over (order by created_at ${direction}, id ${direction}) as position
          from products where archived_at is null
        ) numbered
        where position % ${stride} = 0
        order by position`.execute(db);
      return result.rows.map((row) => ({ createdAt: Number(row.createdAt), id: row.id }));
    },
  };
}

/** Products (or a few of their columns) by id. */
function productQueries(db: Db) {
  return {
    /** A product in the catalogue; archived ones read as missing. */
    findProduct(id: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('archivedAt', 'is', null)
        .executeTakeFirst();
    },

    /** Live products by id, with when each last changed: the sitemap's rows. */
    listLiveProductDates(offset: number, limit: number) {
      return db
        .selectFrom('products')
        .select(['id', 'updatedAt'])
        .where('archivedAt', 'is', null)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** A product whether archived or not: its buyers still download its file. */
    findProductIncludingArchived(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Products, archived included, whose title contains `text` in any case: as written, or
     * folded as search folds it ("cafe" finds "Café", "ebook" finds "E-Book").
     */
    async findProductIdsByTitle(text: string): Promise<string[]> {
      const folded = searchText(text);
      const rows = await db
        .selectFrom('products')
        .select('id')
        .where((eb) =>
          eb.or([
            containsText(sql`lower(title)`, text.toLowerCase()),
            ...(folded ? [containsText(sql`search_title`, folded)] : []),
          ]),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    findDownloadLimits(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'downloadLimit'])
        .where('id', 'in', ids)
        .execute();
    },

    findProductSummaries(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'title', 'images', 'archivedAt'])
        .where('id', 'in', ids)
        .execute();
    },
  };
}

/** The admin's writes: add, change, take off sale, put back on sale, delete. */
function productWriteQueries(db: Db) {
  return {
    /** Takes a product out of the catalogue; false when it was not in it. */
    async archiveProduct(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ archivedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('archivedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Puts an archived product back in the catalogue; false when it was not archived. */
    async restoreProduct(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ archivedAt: null, updatedAt: now })
        .where('id', '=', id)
        .where('archivedAt', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertProduct(row: ProductRow): Promise<void> {
      await db
        .insertInto('products')
        .values({ ...row, ...(await searchColumns(row)) })
        .execute();
    },

    /**
     * Writes the changes, only while the product still holds the images and file the writer read
     * (`expected`); false when another write got there first.
     */
    async updateProduct(
      id: string,
      changes: Partial<Omit<ProductRow, 'id' | 'createdAt'>>,
      expected: Partial<Pick<ProductRow, 'images' | 'digitalFileId' | 'updatedAt'>> = {},
    ): Promise<boolean> {
      let update = db
        .updateTable('products')
        .set({ ...changes, ...(await searchColumns(changes)) })
        .where('id', '=', id);
      if (expected.images !== undefined) update = update.where('images', '=', expected.images);
      if (expected.digitalFileId !== undefined) {
        update = update.where('digitalFileId', '=', expected.digitalFileId);
      }
      if (expected.updatedAt !== undefined)
        update = update.where('updatedAt', '=', expected.updatedAt);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes a product that was archived first (off sale, so no checkout can start for it). */
    async deleteProduct(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('products')
        .where('id', '=', id)
        .where('archivedAt', 'is not', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

type CatalogQueries = ReturnType<typeof catalogQueries>;
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
