import type SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { ProductsTable } from '../../db/types.js';
import { loadMarkdown } from '../../lib/load-markdown.js';
import { batchedByTurn, inOrderOf } from './batched-reads.js';
import { searchText, toFts5Query, toTsQuery } from './search-terms.js';

type ProductRow = ProductsTable;

/** What a product's public answer shows of its row: neither the search columns nor the admin's. */
export type PublicProductRow = Pick<
  ProductRow,
  | 'id'
  | 'title'
  | 'subtitle'
  | 'description'
  | 'priceCents'
  | 'payWhatYouWant'
  | 'minimumPriceCents'
  | 'images'
  | 'digitalFileFormat'
  | 'digitalFileSize'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The columns of a PublicProductRow, unqualified (every query below reads them from the
 * products table alone). A search page reads these, not the whole row: the folded search
 * columns double a row's text, and reading them cost a cold search a third of its time.
 */
const PUBLIC_COLUMN_LIST =
  'id, title, subtitle, description, price_cents, pay_what_you_want, minimum_price_cents, ' +
  'images, digital_file_format, digital_file_size, created_at, updated_at';
const PUBLIC_COLUMNS = sql.raw(PUBLIC_COLUMN_LIST);

/** A page of a search's results with its total (capped at SEARCH_CANDIDATES). */
export interface SearchResult {
  rows: PublicProductRow[];
  total: number;
  /** The search matched more products than SEARCH_CANDIDATES. */
  more: boolean;
}

/** How many products a search ranks at most; its total is capped here ("1,000+"). */
export const SEARCH_CANDIDATES = 1000;

/**
 * A search's page with its total: the candidates ranked, which are every match up to
 * SEARCH_CANDIDATES (title matches are matches too, so the two tiers never add up to more).
 */
function cappedResult(rows: PublicProductRow[], matches: number): SearchResult {
  return {
    rows,
    total: Math.min(matches, SEARCH_CANDIDATES),
    more: matches > SEARCH_CANDIDATES,
  };
}

/**
 * The products a search shows, best first: at most SEARCH_CANDIDATES of them, picked by the
 * index alone (products with every word in the title first, then the others, newest first
 * within each) and only then ranked. `more` says the search matched more products than that.
 * Nothing here reads or ranks every match, however common the words are.
 */
export function searchProducts(
  db: Db,
  dialect: Dialect,
  terms: string[],
  offset: number,
  limit: number,
): Promise<SearchResult> {
  return dialect === 'sqlite'
    ? searchSqlite(db, terms, offset, limit)
    : searchPostgres(db, terms, offset, limit);
}

async function searchSqlite(
  db: Db,
  terms: string[],
  offset: number,
  limit: number,
): Promise<SearchResult> {
  const candidates = SEARCH_CANDIDATES;
  const match = toFts5Query(terms);
  const inTitle = `search_title : (${match})`;
  // Each tier is scored while it is read (bm25 of only the rows it visits); a product found
  // by both keeps the whole query's score, one found by its title alone the title's.
  const rows = await sql<PublicProductRow>`
    with hits as (
      select rowid, score, 0 as tier from (
        select rowid, bm25(products_fts, 10.0, 4.0, 1.0, 0.5) as score from products_fts
        where products_fts match ${inTitle} order by rowid desc limit ${candidates})
      union all
      select rowid, score, 1 as tier from (
        select rowid, bm25(products_fts, 10.0, 4.0, 1.0, 0.5) as score from products_fts
        where products_fts match ${match} order by rowid desc limit ${candidates})
    ),
    picked as (
      select rowid, min(tier) as best_tier,
             coalesce(min(case when tier = 1 then score end), min(score)) as score
      from hits group by rowid order by best_tier, rowid desc limit ${candidates}
    )
    select ${PUBLIC_COLUMNS} from picked c join products p on p.rowid = c.rowid
    order by c.score, p.created_at desc, p.id desc
    limit ${limit} offset ${offset}`.execute(db);
  const beyond = await sql<{ matches: number }>`
    select count(*) as matches from (
      select 1 from products_fts where products_fts match ${match}
      limit ${candidates + 1})`.execute(db);
  return cappedResult(rows.rows, Number(beyond.rows[0]?.matches ?? 0));
}

async function searchPostgres(
  db: Db,
  terms: string[],
  offset: number,
  limit: number,
): Promise<SearchResult> {
  const candidates = SEARCH_CANDIDATES;
  const query = toTsQuery(terms);
  const inTitle = toTsQuery(terms, 'A');
  const rows = await sql<PublicProductRow>`
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
    select ${PUBLIC_COLUMNS}
    from picked join products p using (id), to_tsquery('simple', ${query}) q
    order by ts_rank(p.search, q) desc, p.created_at desc, p.id desc
    limit ${limit} offset ${offset}`.execute(db);
  const beyond = await sql<{ matches: number }>`
    select count(*) as matches from (
      select 1 from products where search @@ to_tsquery('simple', ${query})
      and archived_at is null limit ${candidates + 1}) beyond`.execute(db);
  return cappedResult(rows.rows, Number(beyond.rows[0]?.matches ?? 0));
}

/** A product's folded search columns, as the in-memory index reads them (newest first). */
export interface SearchIndexRow {
  id: string;
  createdAt: number;
  searchTitle: string;
  searchSubtitle: string;
  searchDescription: string;
  digitalFileFormat: string;
}

/**
 * The products on sale newest first (the index's order), `limit` at a time from after the key
 * of the last one read: each batch is one short read of the creation-order index.
 */
export async function searchIndexRows(
  db: Db,
  after: { createdAt: number; id: string } | undefined,
  limit: number,
): Promise<SearchIndexRow[]> {
  let rows = db
    .selectFrom('products')
    .select([
      'id',
      'createdAt',
      'searchTitle',
      'searchSubtitle',
      'searchDescription',
      'digitalFileFormat',
    ])
    .where('archivedAt', 'is', null);
  if (after) {
    rows = rows.where((eb) =>
      eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  const read = await rows.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return read.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}

/**
 * What the public answers show of the products with these ids, in the order given (a page of
 * an index search). One statement for any number of ids, so it is compiled once.
 */
export async function publicRowsInOrder(
  db: Db,
  dialect: Dialect,
  ids: string[],
): Promise<PublicProductRow[]> {
  if (ids.length === 0) return [];
  const read =
    dialect === 'sqlite'
      ? sql<PublicProductRow>`select ${PUBLIC_COLUMNS} from products
          where id in (select value from json_each(${JSON.stringify(ids)}))`
      : sql<PublicProductRow>`select ${PUBLIC_COLUMNS} from products where id = any(${ids})`;
  return inOrderOf(ids, (await read.execute(db)).rows);
}

/**
 * `publicRowsInOrder` for the index's searches: straight from SQLite's connection when there is
 * one; on PostgreSQL the reads of one turn of the event loop as one query.
 */
export function publicRowsReader(db: Db, dialect: Dialect, sqlite?: SqliteDatabase.Database) {
  if (sqlite) {
    const direct = sqlitePublicRows(sqlite);
    return async (ids: string[]) => direct(ids);
  }
  return batchedByTurn((ids) => publicRowsInOrder(db, dialect, ids));
}

/**
 * `publicRowsInOrder` read straight from SQLite's connection, as arrays: the page of every
 * search the index answers reads its rows here. Through the query builder, which compiles the
 * query and maps each column's name, the cold mix ran about a tenth slower (decision 041).
 * Read-only and synchronous, on the connection every other query uses, so it sees what they
 * wrote (inside a transaction too).
 */
export function sqlitePublicRows(sqlite: SqliteDatabase.Database) {
  // Compiled on first use: the store's tables exist by then (not when the repo is made).
  let statement: SqliteDatabase.Statement | undefined;
  return (ids: string[]): PublicProductRow[] => {
    if (ids.length === 0) return [];
    statement ??= sqlite
      .prepare(
        `select ${PUBLIC_COLUMN_LIST} from products where id in (select value from json_each(?))`,
      )
      .raw(true);
    const rows = (statement.all(JSON.stringify(ids)) as PublicRowValues[]).map(
      (values): PublicProductRow => ({
        id: values[0],
        title: values[1],
        subtitle: values[2],
        description: values[3],
        priceCents: values[4],
        payWhatYouWant: values[5],
        minimumPriceCents: values[6],
        images: values[7],
        digitalFileFormat: values[8],
        digitalFileSize: values[9],
        createdAt: values[10],
        updatedAt: values[11],
      }),
    );
    return inOrderOf(ids, rows);
  };
}

type Row = PublicProductRow;
/** A PublicProductRow's values in PUBLIC_COLUMN_LIST's order. */
type PublicRowValues = [
  Row['id'],
  Row['title'],
  Row['subtitle'],
  Row['description'],
  Row['priceCents'],
  Row['payWhatYouWant'],
  Row['minimumPriceCents'],
  Row['images'],
  Row['digitalFileFormat'],
  Row['digitalFileSize'],
  Row['createdAt'],
  Row['updatedAt'],
];

/** The folded copies the full-text index reads, for whichever of the three fields are written. */
export async function searchColumns(fields: {
  title?: string;
  subtitle?: string;
  description?: string;
}): Promise<{ searchTitle?: string; searchSubtitle?: string; searchDescription?: string }> {
  const { markdownToPlainText } = await loadMarkdown();
  return {
    ...(fields.title === undefined ? {} : { searchTitle: searchText(fields.title) }),
    ...(fields.subtitle === undefined ? {} : { searchSubtitle: searchText(fields.subtitle) }),
    ...(fields.description === undefined
      ? {}
      : { searchDescription: searchText(markdownToPlainText(fields.description)) }),
  };
}
