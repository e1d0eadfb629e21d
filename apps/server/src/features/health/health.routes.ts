import { ErrorCode } from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import { isDatabaseReachable, type Db } from '../../db/client.js';

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
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
};
