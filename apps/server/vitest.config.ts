import { defineConfig } from 'vitest/config';

/** The whole server suite runs twice: on SQLite and on PostgreSQL. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
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
