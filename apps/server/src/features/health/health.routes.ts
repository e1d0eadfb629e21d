import { ErrorCode } from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from '../../adapters/storage/storage.js';
import { isDatabaseReachable, type Db } from '../../db/client.js';

export interface HealthRoutesOptions {
  db: Db;
  storage: Pick<Storage, 'isReachable'>;
}

/**
 * Health for people and for load balancers: `/api/health` (the database), `/live` (the process
 * answers: restart it when this fails) and `/ready` (the database and the file storage answer:
 * send it traffic only then). While the store shuts down every request, these included, is a
 * 503, so a balancer drains it before it exits.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database reachability' } },
    async (_request, reply) => {
      if (await isDatabaseReachable(db)) return { status: 'ok', database: 'ok' };
      return reply.code(503).header('retry-after', '5').send({
        message: 'The database is unreachable.',
        code: ErrorCode.unavailable,
        status: 'degraded',
        database: 'unreachable',
      });
    },
  );

  app.get(
    '/api/health/live',
    { schema: { tags: ['health'], summary: 'The process is up (for a load balancer)' } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The database and the file storage answer: the instance may take traffic',
      },
    },
    async (_request, reply) => {
      const [database, files] = await Promise.all([isDatabaseReachable(db), storage.isReachable()]);
      if (database && files) return { status: 'ok', database: 'ok', storage: 'ok' };
      const missing = [!database && 'database', !files && 'file storage'].filter(Boolean);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          message: `Not ready: the ${missing.join(' and the ')} ${missing.length > 1 ? 'are' : 'is'} unreachable.`,
          code: ErrorCode.unavailable,
          status: 'not ready',
          database: database ? 'ok' : 'unreachable',
          storage: files ? 'ok' : 'unreachable',
        });
    },
  );
};
