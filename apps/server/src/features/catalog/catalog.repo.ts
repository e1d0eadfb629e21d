import type { ProductSortField, SortOrder } from '@bindery/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { Database, ProductsTable } from '../../db/types.js';
import { searchText, toFts5Query, toTsQuery } from './search-terms.js';

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

/** How many products a search ranks at most; its total is capped here ("1,000+"). */
export const SEARCH_CANDIDATES = 1000;

/**
 * A search's page with its total: the candidates ranked, which are every match up to
 * SEARCH_CANDIDATES (title matches are matches too, so the two tiers never add up to more).
 */
function cappedResult(
  rows: ProductRow[],
  matches: number,
): { rows: ProductRow[]; total: number; more: boolean } {
  return {
    rows,
    total: Math.min(matches, SEARCH_CANDIDATES),
    more: matches > SEARCH_CANDIDATES,
  };
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
    ): Promise<ProductRow[]> {
      const { order } = sort;
      let rows = db.selectFrom('products').selectAll().where('archivedAt', 'is', null);
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

    /**
     * The products a search shows, best first: at most SEARCH_CANDIDATES of them, picked by the
     * index alone (products with every word in the title first, then the others, newest first
     * within each) and only then ranked. `more` says the search matched more products than that.
     * Nothing here reads or ranks every match, however common the words are.
     */
    async searchProducts(
      terms: string[],
      offset: number,
      limit: number,
    ): Promise<{ rows: ProductRow[]; total: number; more: boolean }> {
      const candidates = SEARCH_CANDIDATES;
      if (dialect === 'sqlite') {
        const match = toFts5Query(terms);
        const inTitle = `search_title : (${match})`;
        // Each tier is scored while it is read (bm25 of only the rows it visits); a product found
        // by both keeps the whole query's score, one found by its title alone the title's.
        const rows = await sql<ProductRow>`
          with hits as (
            select rowid, score, 0 as tier from (
              select rowid, bm25(products_fts, 10.0, 4.0, 1.0) as score from products_fts
              where products_fts match ${inTitle} order by rowid desc limit ${candidates})
            union all
            select rowid, score, 1 as tier from (
              select rowid, bm25(products_fts, 10.0, 4.0, 1.0) as score from products_fts
              where products_fts match ${match} order by rowid desc limit ${candidates})
          ),
          picked as (
            select rowid, min(tier) as best_tier,
                   coalesce(min(case when tier = 1 then score end), min(score)) as score
            from hits group by rowid order by best_tier, rowid desc limit ${candidates}
          )
          select p.* from picked c join products p on p.rowid = c.rowid
          order by c.score, p.created_at desc, p.id desc
          limit ${limit} offset ${offset}`.execute(db);
        const beyond = await sql<{ matches: number }>`
          select count(*) as matches from (
            select 1 from products_fts where products_fts match ${match}
            limit ${candidates + 1})`.execute(db);
        return cappedResult(rows.rows, Number(beyond.rows[0]?.matches ?? 0));
      }
      const query = toTsQuery(terms);
      const inTitle = toTsQuery(terms, 'A');
      const rows = await sql<ProductRow>`
        with picked as (
          select id from (
            (select id, 0 as tier, created_at from products
             where search @@ to_tsquery('simple', ${inTitle}) and archived_at is null
             order by created_at desc, id desc limit ${candidates})
            union all
            (select id, 1 as tier, created_at from products
             where search @@ to_tsquery('simple', ${query}) and archived_at is null
             order by created_at desc, id desc limit ${candidates})
          ) both_tiers
          group by id order by min(tier), max(created_at) desc, id desc limit ${candidates}
        )
        select p.id, p.title, p.subtitle, p.description, p.price_cents, p.images,
               p.digital_file_id, p.digital_file_format, p.digital_file_size, p.digital_file_name,
               p.created_at, p.updated_at, p.archived_at
        from picked join products p using (id), to_tsquery('simple', ${query}) q
        order by ts_rank(p.search, q) desc, p.created_at desc, p.id desc
        limit ${limit} offset ${offset}`.execute(db);
      const beyond = await sql<{ matches: number }>`
        select count(*) as matches from (
          select 1 from products where search @@ to_tsquery('simple', ${query})
          and archived_at is null limit ${candidates + 1}) beyond`.execute(db);
      return cappedResult(rows.rows, Number(beyond.rows[0]?.matches ?? 0));
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
  };
}

type CatalogQueries = ReturnType<typeof catalogQueries>;
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
