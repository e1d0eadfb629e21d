import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { postgresFiles, postgresFolders } from './src/test/postgres-suite.js';

/** Every test file runs on SQLite; those src/test/postgres-suite.ts names, on PostgreSQL too. */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // One worker per core, up to four: a server test spends much of its time waiting on its
    // database, child processes and sockets, so vitest's default (a core left to itself) keeps
    // a two-core machine half idle. Four workers stay within the test PostgreSQL's connections.
    // Decision 024 has the figures.
    maxWorkers: Math.min(os.availableParallelism(), 4),
    hookTimeout: 60_000,
    // Passwords at a test cost: about a fifth of the suite's CPU time was argon2 (decision 044).
    setupFiles: ['src/test/cheap-passwords.ts'],
    projects: [
      // Each project names its own files: vitest would add a shared `include` to the project's.
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          // A worker keeps the modules it imported from one file to the next instead of importing
          // the app again for each: every file builds its own apps and databases, and no server
          // test mocks a module, so nothing a file changes is seen by the next. About 0.6 of the
          // time. The PostgreSQL project stays isolated: without it, its files ran 2-3 times
          // slower in one whole run, not yet understood (decision 044).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...postgresFolders.map((folder) => `${folder}/**/*.test.ts`), ...postgresFiles],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
