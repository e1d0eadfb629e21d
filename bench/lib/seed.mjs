// Seeds the generated catalogue straight into a database (not through the HTTP API), with the
// schema made by the store's own built migrations and the search columns folded by the store's
// own `searchText`. A seeded SQLite file is cached per product count and schema, so re-runs
// only copy it.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMMON_WORD, PREFIX, RARE_WORD, TWO_WORDS, generateProducts } from './catalogue.mjs';

const COLUMNS = [
  ['id', 'text'],
  ['title', 'text'],
  ['subtitle', 'text'],
  ['description', 'text'],
  ['price_cents', 'int'],
  ['images', 'text'],
  ['digital_file_id', 'text'],
  ['digital_file_format', 'text'],
  ['digital_file_size', 'bigint'],
  ['digital_file_name', 'text'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
  ['archived_at', 'bigint'],
  ['search_title', 'text'],
  ['search_subtitle', 'text'],
  ['search_description', 'text'],
];
const camel = (column) => column.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
const CACHE_DIR = path.join(os.tmpdir(), 'bindery-bench-cache');
const SQLITE_BATCH = 20_000;
const POSTGRES_BATCH = 5_000;

/** The store's built modules this seeding relies on. */
async function storeModules(root) {
  const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
  const [{ openDatabase }, { migrate }, { searchText }] = await Promise.all([
    dist('db/client.js'),
    dist('db/migrate.js'),
    dist('features/catalog/search-terms.js'),
  ]);
  return { openDatabase, migrate, searchText };
}

/** The search cases' words, as prefixes of indexed words, the way the store's search reads them. */
const CASE_TERMS = {
  common: [COMMON_WORD],
  prefix: [PREFIX],
  twoWords: TWO_WORDS.split(' '),
  rare: [RARE_WORD],
};

/**
 * The rows to insert, with the folded search columns, plus what the cases need to know: how many
 * live products each search case matches, and the id of a live product in the middle.
 */
function* rowsWithSearch(total, searchText, facts) {
  const middle = Math.floor(total / 2);
  let index = 0;
  for (const product of generateProducts(total)) {
    const row = {
      ...product,
      searchTitle: searchText(product.title),
      searchSubtitle: searchText(product.subtitle),
      searchDescription: searchText(product.description),
    };
    if (row.archivedAt === null) {
      facts.live += 1;
      if (index >= middle && !facts.middleId) facts.middleId = row.id;
      const words = `${row.searchTitle} ${row.searchSubtitle} ${row.searchDescription}`.split(' ');
      for (const [name, terms] of Object.entries(CASE_TERMS)) {
        if (terms.every((term) => words.some((word) => word.startsWith(term)))) {
          facts.matches[name] += 1;
        }
      }
    }
    index += 1;
    yield row;
  }
}

const emptyFacts = () => ({
  live: 0,
  middleId: '',
  matches: Object.fromEntries(Object.keys(CASE_TERMS).map((name) => [name, 0])),
});

/**
 * A hash of everything the seeded file depends on: the migrations, the folding, and this
 * generator. Any change to them seeds anew.
 */
function fingerprint(root) {
  const hash = createHash('sha256');
  const migrations = path.join(root, 'apps/server/dist/db/migrations');
  const files = readdirSync(migrations)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => path.join(migrations, name));
  files.push(path.join(root, 'apps/server/dist/features/catalog/search-terms.js'));
  const here = path.dirname(fileURLToPath(import.meta.url));
  files.push(path.join(here, 'catalogue.mjs'), fileURLToPath(import.meta.url));
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Inserts the rows into a migrated SQLite file in large transactions, then analyses it. */
function fillSqlite(root, filename, rows) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const sqlite = new Database(filename);
  try {
    sqlite.pragma('synchronous = OFF');
    const insert = sqlite.prepare(
      `INSERT INTO products (${COLUMNS.map(([column]) => column).join(', ')})
       VALUES (${COLUMNS.map(([column]) => `@${camel(column)}`).join(', ')})`,
    );
    const insertBatch = sqlite.transaction((batch) => {
      for (const row of batch) insert.run(row);
    });
    let batch = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === SQLITE_BATCH) {
        insertBatch(batch);
        batch = [];
      }
    }
    insertBatch(batch);
    sqlite.exec('ANALYZE');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
}

/**
 * A seeded SQLite database of `total` products, copied into `dataDir` as the store's
 * `bindery.db`. Returns the facts about the catalogue, how long seeding took and whether the
 * cached file was used.
 */
export async function seedSqlite({ root, total, dataDir, log }) {
  const key = `products-${total}-${fingerprint(root)}`;
  const cached = path.join(CACHE_DIR, `${key}.db`);
  const factsFile = path.join(CACHE_DIR, `${key}.json`);
  let seconds = 0;
  const fromCache = existsSync(cached) && existsSync(factsFile);
  if (!fromCache) {
    log(`seeding ${total} products into SQLite`);
    const started = performance.now();
    mkdirSync(CACHE_DIR, { recursive: true });
    // Older files for this product count are of another schema or generator: never used again.
    for (const name of readdirSync(CACHE_DIR)) {
      if (name.startsWith(`products-${total}-`))
        rmSync(path.join(CACHE_DIR, name), { force: true });
    }
    const building = path.join(CACHE_DIR, `${key}.${process.pid}.building`);
    const { openDatabase, migrate, searchText } = await storeModules(root);
    const handle = openDatabase({ kind: 'sqlite', filename: building });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    const facts = emptyFacts();
    fillSqlite(root, building, rowsWithSearch(total, searchText, facts));
    for (const suffix of ['-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
    writeFileSync(factsFile, `${JSON.stringify(facts)}\n`);
    renameSync(building, cached);
    seconds = (performance.now() - started) / 1000;
  }
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(cached, path.join(dataDir, 'bindery.db'));
  return { facts: JSON.parse(readFileSync(factsFile, 'utf8')), seconds, fromCache };
}

/**
 * Seeds a fresh PostgreSQL database: the store's migrations, then multi-row inserts of
 * POSTGRES_BATCH products each (one array per column), then VACUUM ANALYZE, as autovacuum would
 * leave a table that has settled.
 */
export async function seedPostgres({ root, total, url, log }) {
  log(`seeding ${total} products into PostgreSQL`);
  const started = performance.now();
  const { openDatabase, migrate, searchText } = await storeModules(root);
  const handle = openDatabase({ kind: 'postgres', url });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const facts = emptyFacts();
  try {
    const statement = `INSERT INTO products (${COLUMNS.map(([column]) => column).join(', ')})
      SELECT * FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`;
    const insert = (batch) =>
      client.query(
        statement,
        COLUMNS.map(([column]) => batch.map((row) => row[camel(column)])),
      );
    let batch = [];
    for (const row of rowsWithSearch(total, searchText, facts)) {
      batch.push(row);
      if (batch.length === POSTGRES_BATCH) {
        await insert(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await insert(batch);
    await client.query('VACUUM ANALYZE products');
  } finally {
    await client.end();
  }
  return { facts, seconds: (performance.now() - started) / 1000, fromCache: false };
}
