import type { ProductSortField, SortOrder } from '@bindery/shared';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { ProductsTable } from '../../db/types.js';
import { searchText, toFts5Query, toTsQuery } from './search-terms.js';

export type ProductRow = ProductsTable;

/** The admin table's order: a column and a direction. */
export interface ProductSort {
  field: ProductSortField;
  order: SortOrder;
}

/** The folded copies the full-text index reads, for whichever of the three fields are written. */
export function searchColumns(fields: {
  title?: string;
  subtitle?: string;
  description?: string;
}): { searchTitle?: string; searchSubtitle?: string; searchDescription?: string } {
  return {
    ...(fields.title === undefined ? {} : { searchTitle: searchText(fields.title) }),
    ...(fields.subtitle === undefined ? {} : { searchSubtitle: searchText(fields.subtitle) }),
    ...(fields.description === undefined
      ? {}
      : { searchDescription: searchText(fields.description) }),
  };
}

/** Every query of the catalogue, plus `transaction()` to run several as one. */
export function createCatalogRepo(db: Db, dialect: Dialect) {
  return {
    ...catalogQueries(db, dialect),
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
    /**
     * Newest first unless `sort` says otherwise; the id breaks ties, so pages never overlap.
     * Archived products are no longer in the catalogue.
     */
    async listProducts(
      offset: number,
      limit: number,
      sort: ProductSort = { field: 'createdAt', order: 'desc' },
    ): Promise<{ rows: ProductRow[]; total: number }> {
      const { order } = sort;
      let rows = db.selectFrom('products').selectAll().where('archivedAt', 'is', null);
      if (sort.field === 'title') {
        // Case does not split the list: "apple" sits beside "Apple", on both databases.
        rows = rows.orderBy(sql`lower(title)`, order).orderBy('title', order);
      } else {
        rows = rows.orderBy(sort.field === 'price' ? 'priceCents' : 'createdAt', order);
      }
      const [page, count] = await Promise.all([
        rows.orderBy('id', order).limit(limit).offset(offset).execute(),
        db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('archivedAt', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: page, total: Number(count.total) };
    },

    /** Best matches first, through the database's full-text index. */
    async searchProducts(
      terms: string[],
      offset: number,
      limit: number,
    ): Promise<{ rows: ProductRow[]; total: number }> {
      if (dialect === 'sqlite') {
        const match = toFts5Query(terms);
        const rows = await sql<ProductRow>`
          select p.* from products_fts f join products p on p.rowid = f.rowid
          where products_fts match ${match} and p.archived_at is null
          order by bm25(products_fts, 10.0, 4.0, 1.0), p.created_at desc, p.id desc
          limit ${limit} offset ${offset}`.execute(db);
        const count = await sql<{ total: number }>`
          select count(*) as total from products_fts f join products p on p.rowid = f.rowid
          where products_fts match ${match} and p.archived_at is null`.execute(db);
        return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
      }
      const query = toTsQuery(terms);
      const rows = await sql<ProductRow>`
        select id, title, subtitle, description, price_cents, images, digital_file_id, digital_file_format,
               digital_file_size, digital_file_name, created_at, updated_at, archived_at
        from products, to_tsquery('simple', ${query}) q
        where search @@ q and archived_at is null
        order by ts_rank(search, q) desc, created_at desc, id desc
        limit ${limit} offset ${offset}`.execute(db);
      const count = await sql<{ total: number }>`
        select count(*) as total from products
        where search @@ to_tsquery('simple', ${query}) and archived_at is null`.execute(db);
      return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
    },

    /** A product in the catalogue; archived ones read as missing. */
    findProduct(id: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('archivedAt', 'is', null)
        .executeTakeFirst();
    },

    /** A product whether archived or not: its buyers still download its file. */
    findProductIncludingArchived(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },

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

    findProductSummaries(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'title', 'images'])
        .where('id', 'in', ids)
        .execute();
    },

    async insertProduct(row: ProductRow): Promise<void> {
      await db
        .insertInto('products')
        .values({ ...row, ...searchColumns(row) })
        .execute();
    },

    async updateProduct(
      id: string,
      changes: Partial<Omit<ProductRow, 'id' | 'createdAt'>>,
    ): Promise<void> {
      await db
        .updateTable('products')
        .set({ ...changes, ...searchColumns(changes) })
        .where('id', '=', id)
        .execute();
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

    async countProducts(): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('archivedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

type CatalogQueries = ReturnType<typeof catalogQueries>;
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
