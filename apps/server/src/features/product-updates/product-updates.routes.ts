import { BuyersCountResponseSchema, ErrorBodySchema } from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session.js';
import type { ProductUpdatesService } from './product-updates.service.js';

const ParamsSchema = z.object({ id: z.string().max(100, 'id is too long') });

/** What the product form asks before it offers to email buyers about an update. */
export const productUpdatesRoutes: FastifyPluginAsync<{ updates: ProductUpdatesService }> = async (
  app,
  { updates },
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/products/:id/buyers-count',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['catalog'],
        summary: 'How many buyers an update email would reach (admin)',
        description:
          'Buyers with a paid order of the product (refunded, canceled, pending and disputed ' +
          'orders do not count), one per account however many orders they have; 0 for a ' +
          'product nobody bought or that does not exist.',
        params: ParamsSchema,
        response: {
          200: BuyersCountResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => updates.countBuyers(request.params.id),
  );
};
