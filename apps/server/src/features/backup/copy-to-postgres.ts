import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/client.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { BackupError } from './backup-error.js';
import { quoteIdentifier, sqliteTableNames } from './backup.js';
import { connectPostgres, redactUrl } from './postgres-tools.js';

/**
 * Copies a SQLite store's database into an empty PostgreSQL database: the migrations make the
 * PostgreSQL schema, then every table is copied in foreign-key order, in batches, ids kept, in
 * one transaction that is committed only once every table's rows and a sample of rows compared
 * field by field match. What the SQLite file has and PostgreSQL computes is left to PostgreSQL:
 * the generated `products.search` column, identity counters, and `catalogue_state`.
 */

/** Tables the migrations make and keep up to date themselves. */
const SKIPPED = new Set(['schema_migrations']);
/**
 * Kept by triggers on `products` (migration 009): PostgreSQL's own triggers fill it as the
 * products are copied. `version` is a change counter whose value differs by design; the count
 * of live products must agree.
 */
const TRIGGER_MAINTAINED: Record<string, string[]> = { catalogue_state: ['id', 'live_products'] };
/** Rows per table compared field by field. */
const SAMPLE_ROWS = 100;
/** Bind parameters per INSERT, well under PostgreSQL's 65,535. */
const PARAMETERS_PER_INSERT = 30_000;

interface TablePlan {
  name: string;
  /** Copied columns: all but the generated ones. */
  columns: string[];
  /** Identity columns, whose sequences continue after the copied ids. */
  identity: string[];
  primaryKey: string[];
  /** Compared in the sample; all copied columns unless trigger-maintained. */
  compared: string[];
  copied: boolean;
}

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

async function postgresTableNames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

/** Every table of both sides, checked to match, in an order that respects foreign keys. */
async function planCopy(sqlite: SqliteDatabase.Database, client: pg.Client): Promise<TablePlan[]> {
  const sourceTables = sqliteTableNames(sqlite).filter((name) => !SKIPPED.has(name));
  const targetTables = (await postgresTableNames(client)).filter((name) => !SKIPPED.has(name));
  const onlySource = sourceTables.filter((name) => !targetTables.includes(name));
  const onlyTarget = targetTables.filter((name) => !sourceTables.includes(name));
  if (onlySource.length > 0 || onlyTarget.length > 0) {
    throw new BackupError(
      `The two schemas differ: tables only in SQLite: ${onlySource.join(', ') || 'none'}; ` +
        `only in PostgreSQL: ${onlyTarget.join(', ') || 'none'}.`,
    );
  }

  const columns = await client.query<{
    table: string;
    column: string;
    generated: string;
    identity: string;
  }>(
    `SELECT table_name AS "table", column_name AS "column", is_generated AS generated,
       is_identity AS identity
     FROM information_schema.columns WHERE table_schema = current_schema()
     ORDER BY table_name, ordinal_position`,
  );
  const keys = await client.query<{ table: string; column: string }>(
    `SELECT tc.table_name AS "table", kcu.column_name AS "column"
     FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage kcu
       ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
       AND kcu.table_name = tc.table_name
     WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()
     ORDER BY tc.table_name, kcu.ordinal_position`,
  );
  const references = await client.query<{ table: string; references: string }>(
    `SELECT DISTINCT child.relname AS "table", parent.relname AS "references"
     FROM pg_constraint c
     JOIN pg_class child ON child.oid = c.conrelid
     JOIN pg_class parent ON parent.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );

  const plans = sourceTables.map((name): TablePlan => {
    const target = columns.rows.filter((row) => row.table === name);
    const copiedColumns = target
      .filter((row) => row.generated !== 'ALWAYS')
      .map((row) => row.column);
    const sourceColumns = (
      sqlite.pragma(`table_info(${quoteIdentifier(name)})`) as Array<{ name: string }>
    ).map((row) => row.name);
    const onlyInSource = sourceColumns.filter((column) => !copiedColumns.includes(column));
    const onlyInTarget = copiedColumns.filter((column) => !sourceColumns.includes(column));
    if (onlyInSource.length > 0 || onlyInTarget.length > 0) {
      throw new BackupError(
        `The two schemas differ in ${name}: columns only in SQLite: ` +
          `${onlyInSource.join(', ') || 'none'}; only in PostgreSQL: ${onlyInTarget.join(', ') || 'none'}.`,
      );
    }
    const maintained = TRIGGER_MAINTAINED[name];
    return {
      name,
      columns: copiedColumns,
      identity: target.filter((row) => row.identity === 'YES').map((row) => row.column),
      primaryKey: keys.rows.filter((row) => row.table === name).map((row) => row.column),
      compared: maintained ?? copiedColumns,
      copied: !maintained,
    };
  });
  return inForeignKeyOrder(plans, references.rows);
}

/** Parents before children; ties by name, so the order is the same every time. */
function inForeignKeyOrder(
  plans: TablePlan[],
  references: Array<{ table: string; references: string }>,
): TablePlan[] {
  const remaining = new Map(plans.map((plan) => [plan.name, plan]));
  const ordered: TablePlan[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining.keys()]
      .filter((name) =>
        references.every(
          (ref) => ref.table !== name || ref.references === name || !remaining.has(ref.references),
        ),
      )
      .sort();
    if (ready.length === 0) {
      throw new BackupError(
        `Foreign keys form a cycle among ${[...remaining.keys()].join(', ')}: cannot order the copy.`,
      );
    }
    for (const name of ready) {
      ordered.push(remaining.get(name)!);
      remaining.delete(name);
    }
  }
  return ordered;
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
  for (const column of table.identity) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2),
         COALESCE((SELECT max(${quoteIdentifier(column)}) FROM ${quoteIdentifier(table.name)}), 0) + 1,
         false)`,
      [quoteIdentifier(table.name), column],
    );
  }
  return copied;
}

async function compareCounts(
  sqlite: SqliteDatabase.Database,
  client: pg.Client,
  plan: TablePlan[],
  tables: CopyResult['tables'],
): Promise<string[]> {
  const problems: string[] = [];
  for (const table of plan) {
    const source = sqlite
      .prepare(`SELECT count(*) FROM ${quoteIdentifier(table.name)}`)
      .pluck()
      .get() as number;
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*) AS n FROM ${quoteIdentifier(table.name)}`,
    );
    const target = rows[0]!.n;
    if (source !== target) {
      problems.push(`${table.name}: ${source} rows in SQLite, ${target} in PostgreSQL`);
    }
    const entry = tables.find((candidate) => candidate.name === table.name)!;
    if (!table.copied) entry.rows = target;
  }
  return problems;
}

/**
 * Up to SAMPLE_ROWS rows spread evenly over the table (in primary-key order on SQLite), looked
 * up by key in PostgreSQL and compared field by field. Keys are looked up, not listed in order,
 * because the two databases sort text differently.
 */
async function compareSample(
  sqlite: SqliteDatabase.Database,
  client: pg.Client,
  table: TablePlan,
): Promise<{ rows: number; problems: string[] }> {
  if (table.primaryKey.length === 0) return { rows: 0, problems: [] };
  const name = quoteIdentifier(table.name);
  const total = sqlite.prepare(`SELECT count(*) FROM ${name}`).pluck().get() as number;
  if (total === 0) return { rows: 0, problems: [] };
  const step = Math.max(1, Math.ceil(total / SAMPLE_ROWS));
  const columns = table.compared;
  const columnList = columns.map(quoteIdentifier).join(', ');
  const keyList = table.primaryKey.map(quoteIdentifier).join(', ');
  const sample: Array<Record<string, unknown>> = [];
  let index = 0;
  for (const row of sqlite
    .prepare(`SELECT ${columnList} FROM ${name} ORDER BY ${keyList}`)
    .iterate() as IterableIterator<Record<string, unknown>>) {
    if (index % step === 0) sample.push(row);
    index += 1;
  }

  const keyOf = (row: Record<string, unknown>) =>
    JSON.stringify(table.primaryKey.map((column) => normalise(row[column])));
  const params: unknown[] = [];
  const tuples = sample.map(
    (row) =>
      `(${table.primaryKey
        .map((column) => {
          params.push(row[column]);
          return `$${params.length}`;
        })
        .join(', ')})`,
  );
  const { rows } = await client.query<Record<string, unknown>>(
    `SELECT ${columnList} FROM ${name} WHERE (${keyList}) IN (${tuples.join(', ')})`,
    params,
  );
  const copies = new Map(rows.map((row) => [keyOf(row), row]));
  const problems: string[] = [];
  for (const row of sample) {
    const key = keyOf(row);
    const copy = copies.get(key);
    if (!copy) {
      problems.push(`${table.name} ${key}: not in PostgreSQL`);
      continue;
    }
    for (const column of columns) {
      const expected = normalise(row[column]);
      const actual = normalise(copy[column]);
      if (expected !== actual) {
        problems.push(
          `${table.name} ${key} ${column}: ${JSON.stringify(expected)} in SQLite, ` +
            `${JSON.stringify(actual)} in PostgreSQL`,
        );
      }
    }
  }
  return { rows: sample.length, problems };
}

/** One form for a value read from either database: booleans as 0/1, big integers as numbers. */
function normalise(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  return JSON.stringify(value);
}
