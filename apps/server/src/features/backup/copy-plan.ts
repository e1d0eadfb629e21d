import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { BackupError } from './backup-error.js';
import { quoteIdentifier, sqliteTableNames } from './backup.js';

/** Tables the migrations make and keep up to date themselves. */
export const SKIPPED = new Set(['schema_migrations']);
/**
 * Kept by triggers on `products` (migration 009): PostgreSQL's own triggers fill it as the
 * products are copied. `version` is a change counter whose value differs by design; the count
 * of live products must agree.
 */
export const TRIGGER_MAINTAINED: Record<string, string[]> = {
  catalogue_state: ['id', 'live_products'],
};

export interface TablePlan {
  name: string;
  /** Copied columns: all but the generated ones. */
  columns: string[];
  /** Identity columns, whose values are copied over the generated ones. */
  identity: string[];
  /** Columns numbered by a sequence (identity, or a `nextval` default such as order numbers),
   * whose sequences continue after the copied values. */
  sequenced: string[];
  primaryKey: string[];
  /** Compared in the sample; all copied columns unless trigger-maintained. */
  compared: string[];
  copied: boolean;
}

export async function postgresTableNames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

/** Every table of both sides, checked to match, in an order that respects foreign keys. */
export async function planCopy(
  sqlite: SqliteDatabase.Database,
  client: pg.Client,
): Promise<TablePlan[]> {
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
    numbered: boolean;
  }>(
    `SELECT table_name AS "table", column_name AS "column", is_generated AS generated,
       is_identity AS identity, coalesce(column_default LIKE 'nextval(%', false) AS numbered
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
      sequenced: target
        .filter((row) => row.identity === 'YES' || row.numbered)
        .map((row) => row.column),
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
