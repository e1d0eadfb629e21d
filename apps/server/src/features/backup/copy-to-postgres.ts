import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/client.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { BackupError } from './backup-error.js';
import { quoteIdentifier, sqliteTableNames } from './backup.js';
import { compareCounts, compareSample } from './copy-check.js';
import {
  SKIPPED,
  TRIGGER_MAINTAINED,
  planCopy,
  postgresTableNames,
  type TablePlan,
} from './copy-plan.js';
import { connectPostgres, redactUrl } from './postgres-tools.js';

/**
 * Copies a SQLite store's database into an empty PostgreSQL database: the migrations make the
 * PostgreSQL schema, then every table is copied in foreign-key order, in batches, ids kept, in
 * one transaction that is committed only once every table's rows and a sample of rows compared
 * field by field match. What the SQLite file has and PostgreSQL computes is left to PostgreSQL:
 * the generated `products.search` column, identity counters, and `catalogue_state`.
 */

/** Bind parameters per INSERT, well under PostgreSQL's 65,535. */
const PARAMETERS_PER_INSERT = 30_000;

export interface CopyResult {
  tables: Array<{ name: string; rows: number; copied: boolean }>;
  sampledRows: number;
  migratedSource: string[];
}

export async function copyToPostgres(options: {
  source: DatabaseHandle;
  targetUrl: string;
  report?: (line: string) => void;
}): Promise<CopyResult> {
  const { source, targetUrl } = options;
  const report = options.report ?? (() => {});
  const sqlite = source.sqlite;
  if (!sqlite) throw new Error('copy-to-postgres reads a SQLite database');

  // The store would do this at its next start; both sides then have the same schema.
  const migratedSource = await migrate(source);
  if (migratedSource.length > 0) {
    report(`SQLite database brought up to date first (${migratedSource.join(', ')})`);
  }
  const known = new Set(migrations.map((migration) => migration.name));
  const unknown = (
    sqlite.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]
  ).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `The SQLite database was written by a newer Bindery (migrations ${unknown.join(', ')} are ` +
        'unknown here): run copy-to-postgres from that version.',
    );
  }

  const client = await connectPostgres(targetUrl);
  try {
    await refuseUnlessEmpty(client, sqlite, targetUrl);
    const target = openDatabase({ kind: 'postgres', url: targetUrl });
    try {
      await migrate(target);
    } finally {
      await target.close();
    }
    const plan = await planCopy(sqlite, client);

    await client.query('BEGIN');
    try {
      const tables: CopyResult['tables'] = [];
      for (const table of plan) {
        const rows = table.copied ? await copyTable(sqlite, client, table) : 0;
        tables.push({ name: table.name, rows, copied: table.copied });
      }
      const problems = await compareCounts(sqlite, client, plan, tables);
      let sampledRows = 0;
      for (const table of plan) {
        const sample = await compareSample(sqlite, client, table);
        sampledRows += sample.rows;
        problems.push(...sample.problems);
      }
      if (problems.length > 0) {
        throw new BackupError(
          `The copy does not match the SQLite database; nothing was kept in PostgreSQL:\n` +
            problems
              .slice(0, 20)
              .map((line) => `  ${line}`)
              .join('\n') +
            (problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''),
        );
      }
      await client.query('COMMIT');
      // Fresh statistics, so the planner knows the tables are no longer empty.
      await client.query('ANALYZE');
      return { tables, sampledRows, migratedSource };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Any of the store's tables holding rows in the target: refused, whatever else it holds. */
async function refuseUnlessEmpty(client: pg.Client, sqlite: SqliteDatabase.Database, url: string) {
  const existing = new Set(await postgresTableNames(client));
  const filled: string[] = [];
  for (const name of sqliteTableNames(sqlite)) {
    if (SKIPPED.has(name) || name in TRIGGER_MAINTAINED || !existing.has(name)) continue;
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*) AS n FROM ${quoteIdentifier(name)}`,
    );
    if (rows[0]!.n > 0) filled.push(`${name}: ${rows[0]!.n}`);
  }
  if (filled.length > 0) {
    throw new BackupError(
      `The PostgreSQL database ${redactUrl(url)} already holds store data (${filled.join(', ')}): ` +
        'copy-to-postgres writes only into an empty database. Create a new one (createdb) and ' +
        'pass its URL.',
    );
  }
}

async function copyTable(
  sqlite: SqliteDatabase.Database,
  client: pg.Client,
  table: TablePlan,
): Promise<number> {
  const columnList = table.columns.map(quoteIdentifier).join(', ');
  const head =
    `INSERT INTO ${quoteIdentifier(table.name)} (${columnList}) ` +
    `${table.identity.length > 0 ? 'OVERRIDING SYSTEM VALUE ' : ''}VALUES `;
  const perInsert = Math.max(
    1,
    Math.min(1000, Math.floor(PARAMETERS_PER_INSERT / table.columns.length)),
  );
  const insert = async (rows: unknown[][]) => {
    const values = rows.map(
      (row, index) =>
        `(${row.map((_, column) => `$${index * row.length + column + 1}`).join(', ')})`,
    );
    try {
      await client.query(head + values.join(', '), rows.flat());
    } catch (error) {
      throw new BackupError(`Copying ${table.name} failed: ${(error as Error).message}`);
    }
  };
  const statement = sqlite
    .prepare(`SELECT ${columnList} FROM ${quoteIdentifier(table.name)}`)
    .raw(true);
  let batch: unknown[][] = [];
  let copied = 0;
  for (const row of statement.iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    if (batch.length === perInsert) {
      await insert(batch);
      copied += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) {
    await insert(batch);
    copied += batch.length;
  }
  for (const column of table.sequenced) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2),
         COALESCE((SELECT max(${quoteIdentifier(column)}) FROM ${quoteIdentifier(table.name)}), 0) + 1,
         false)`,
      [quoteIdentifier(table.name), column],
    );
  }
  return copied;
}
