import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** The whole server suite runs twice: on SQLite and on PostgreSQL. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // One worker per core, up to four: a server test spends much of its time waiting on its
    // database, child processes and sockets, so vitest's default (a core left to itself) keeps
    // a two-core machine half idle. Four workers stay within the test PostgreSQL's connections.
    // Decision 024 has the figures.
    maxWorkers: Math.min(os.availableParallelism(), 4),
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'sqlite', env: { TEST_DB: 'sqlite' } } },
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
