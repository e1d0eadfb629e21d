import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/client.js';
import { migrations } from '../db/migrations/index.js';
import { editSqliteConstraint } from '../db/sqlite-constraint-edit.js';
import { openTestDatabase } from './build-test-app.js';

/** A database as a store that shipped before this migration had it. */
export async function databaseBefore(name: string): Promise<DatabaseHandle> {
  const opened = await openTestDatabase();
  const { db, dialect } = opened;
  await sql`create table schema_migrations (name text primary key, applied_at bigint not null)`.execute(
    db,
  );
  for (const migration of migrations.slice(
    0,
    migrations.findIndex((m) => m.name === name),
  )) {
    if (dialect === 'sqlite') {
      for (const edit of migration.sqliteConstraintEdits ?? []) {
        editSqliteConstraint(opened.sqlite!, edit);
      }
    }
    for (const statement of migration.statements[dialect]) await sql.raw(statement).execute(db);
    await sql`insert into schema_migrations (name, applied_at) values (${migration.name}, ${Date.now()})`.execute(
      db,
    );
  }
  return opened;
}
