import { ErrorBodySchema, SalesQuerySchema, SalesResponseSchema } from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/session.js';
import type { SalesService } from './sales.service.js';

export const salesRoutes: FastifyPluginAsync<{ sales: SalesService }> = async (app, { sales }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/sales',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['sales'],
        summary: 'Revenue, refunds and best sellers over a range of days (admin)',
        description:
          'Days are calendar days of STORE_TIME_ZONE. Without `from` and `to`, the last 30 days ' +
          '(today included); at most 366 days. Revenue counts paid orders by payment time; ' +
          'orders paid in the range and refunded since count in `refundedCents` only.',
        querystring: SalesQuerySchema,
        response: {
          200: SalesResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => sales.overview(request.query),
  );
};
