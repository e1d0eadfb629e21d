import { ErrorCode } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/errors.js';
import { migrate } from '../db/migrate.js';

/** How often a store whose database was unreachable at start tries again. */
const DATABASE_RETRY_MS = 2000;

/** Whether the database is migrated and reachable, and a promise of the moment it is. */
export interface Readiness {
  whenReady(): Promise<void>;
  isReady(): boolean;
}

/**
 * Migrates the database before the app serves it. A PostgreSQL that cannot be reached at start
 * does not stop the store: every API call but the health check answers 503 while migrations
 * are retried in the background, and the store serves normally from the moment they succeed.
 */
export async function migrateWhenReachable(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<Readiness> {
  let ready = false;
  let announce: () => void = () => {};
  const whenReady = new Promise<void>((resolve) => (announce = resolve));
  const attempt = async () => {
    await migrate(database);
    ready = true;
    announce();
  };
  try {
    await attempt();
    return { whenReady: () => whenReady, isReady: () => ready };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) {
      await app.close();
      throw error;
    }
    app.log.error({ err: error }, 'the database is unreachable: answering 503 until it is back');
  }
  retryUntilMigrated(app, attempt);
  app.addHook('onRequest', async (request, reply) => {
    if (ready || !request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_MS / 1000))
      .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: ErrorCode.unavailable });
  });
  return { whenReady: () => whenReady, isReady: () => ready };
}

/** Tries the migrations again every few seconds, one attempt at a time, until one succeeds. */
function retryUntilMigrated(app: FastifyInstance, attempt: () => Promise<void>) {
  let retrying = false;
  const retry = setInterval(() => {
    if (retrying) return;
    retrying = true;
    attempt()
      .then(() => {
        clearInterval(retry);
        app.log.info('the database is reachable again: serving');
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) app.log.error({ err: error }, 'migration failed');
      })
      .finally(() => (retrying = false));
  }, DATABASE_RETRY_MS);
  retry.unref();
  app.addHook('onClose', async () => clearInterval(retry));
}
