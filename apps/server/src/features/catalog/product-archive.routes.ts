import {
  AdminListedProductSchema,
  AdminProductPageSchema,
  AdminProductsQuerySchema,
  ErrorBodySchema,
} from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session.js';
import type { CatalogService } from './catalog.service.js';

const adminErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The admin's list of products on sale or archived, and putting an archived one back on sale. */
export function registerProductArchiveRoutes(app: FastifyInstance, catalog: CatalogService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/products',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['catalog'],
        summary: 'Products on sale (status=active) or archived (status=archived), admin',
        description:
          'Paged and sorted as GET /api/products (newest first without sort). Archived products ' +
          'were deleted while they had sales: off the catalogue, their files kept for buyers.',
        querystring: AdminProductsQuerySchema,
        response: { 200: AdminProductPageSchema, 400: ErrorBodySchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return catalog.listAdminProducts(request.query);
    },
  );

  api.post(
    '/api/admin/products/:id/restore',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['catalog'],
        summary: 'Put an archived product back in the catalogue (admin)',
        description: '404 for an unknown product, 409 for one that is not archived.',
        params: z.object({ id: z.string() }),
        response: {
          200: AdminListedProductSchema,
          ...adminErrors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => catalog.restoreProduct(request.params.id),
  );
}
