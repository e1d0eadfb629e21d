import type SqliteDatabase from 'better-sqlite3';

/** A constraint of a SQLite table written anew: `from` in its CREATE TABLE text becomes `to`. */
export interface SqliteConstraintEdit {
  table: string;
  from: string;
  to: string;
}

/**
 * Rewrites a CHECK constraint of a SQLite table in place. SQLite cannot alter a constraint, and
 * rebuilding `orders` would cascade-delete its children inside the migration's transaction; a
 * CHECK does not touch what is stored on disk, so SQLite documents editing the schema text
 * itself for it ("Making Other Kinds Of Table Schema Changes"). Refuses unless the text occurs
 * exactly once; the schema's version is raised so the connection reads the table anew.
 */
export function editSqliteConstraint(
  sqlite: SqliteDatabase.Database,
  { table, from, to }: SqliteConstraintEdit,
): void {
  const row = sqlite
    .prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?`)
    .get(table) as { sql: string } | undefined;
  const occurrences = row ? row.sql.split(from).length - 1 : 0;
  if (occurrences !== 1) {
    throw new Error(
      `Table ${table}: expected "${from}" once in its definition, found ${occurrences}`,
    );
  }
  const version = sqlite.pragma('schema_version', { simple: true }) as number;
  sqlite.unsafeMode(true);
  try {
    sqlite.pragma('writable_schema = ON');
    sqlite
      .prepare(`UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?`)
      .run(row!.sql.replace(from, to), table);
    sqlite.pragma(`schema_version = ${version + 1}`);
  } finally {
    sqlite.pragma('writable_schema = OFF');
    sqlite.unsafeMode(false);
  }
  const check = sqlite.pragma('quick_check', { simple: true });
  if (check !== 'ok')
    throw new Error(`Table ${table}: the schema check after the edit says ${check}`);
}
