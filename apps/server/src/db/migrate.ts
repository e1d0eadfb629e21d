import { sql } from 'kysely';
import type { DatabaseHandle } from './client.js';
import { migrations } from './migrations/index.js';
import { editSqliteConstraint } from './sqlite-constraint-edit.js';

/** Applies pending migrations in one transaction; PostgreSQL instances starting together take turns. */
export async function migrate({ db, dialect, sqlite }: DatabaseHandle): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(4242)`.execute(trx);
    await sql`create table if not exists schema_migrations (name text primary key, applied_at bigint not null)`.execute(
      trx,
    );
    const applied = await sql<{ name: string }>`select name from schema_migrations`.execute(trx);
    const done = new Set(applied.rows.map((row) => row.name));
    const ran: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      if (dialect === 'sqlite') {
        for (const edit of migration.sqliteConstraintEdits ?? [])
          editSqliteConstraint(sqlite!, edit);
      }
      for (const statement of migration.statements[dialect]) await sql.raw(statement).execute(trx);
      await migration.afterStatements?.(trx, dialect);
      await sql`insert into schema_migrations (name, applied_at) values (${migration.name}, ${Date.now()})`.execute(
        trx,
      );
      ran.push(migration.name);
    }
    return ran;
  });
}
