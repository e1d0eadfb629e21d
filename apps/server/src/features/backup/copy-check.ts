import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { quoteIdentifier } from './backup.js';
import type { TablePlan } from './copy-plan.js';
import type { CopyResult } from './copy-to-postgres.js';

/** Rows per table compared field by field. */
const SAMPLE_ROWS = 100;

/** Rows per table on both sides; fills in the counts of the tables PostgreSQL filled itself. */
export async function compareCounts(
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
export async function compareSample(
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
