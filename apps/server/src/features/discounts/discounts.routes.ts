import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_PATTERN,
  DiscountBodySchema,
  DiscountListSchema,
  DiscountLookupQuerySchema,
  DiscountLookupSchema,
  DiscountMessages,
  DiscountSchema,
  ErrorBodySchema,
} from '@bindery/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requireAdmin } from '../../plugins/session.js';
import type { DiscountsService } from './discounts.service.js';

const IdParamsSchema = z.object({ id: z.string().max(100) });
const CodeParamsSchema = z.object({ code: z.string() });
const adminErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

export const discountsRoutes: FastifyPluginAsync<{ discounts: DiscountsService }> = async (
  app,
  { discounts },
) => {
  registerAdminRoutes(app, discounts);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/discounts/:code',
    {
      schema: {
        tags: ['discounts'],
        summary: "A product's price with a discount code",
        description:
          'Codes match without regard to case. 404 for an unknown code or product; 409 with the ' +
          'reason when the code has not started, has expired, is used up or is not for the product.',
        params: CodeParamsSchema,
        querystring: DiscountLookupQuerySchema,
        response: {
          200: DiscountLookupSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      // Anything unlike a code is no code of ours, and never reaches the database.
      if (code.length > DISCOUNT_CODE_MAX_LENGTH || !DISCOUNT_CODE_PATTERN.test(code)) {
        throw AppError.notFound(DiscountMessages.unknownCode);
      }
      // A code's state changes with every checkout: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      return discounts.lookup(code, request.query.productId);
    },
  );
};

function registerAdminRoutes(app: FastifyInstance, discounts: DiscountsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Role first, before the body is read: a buyer's or visitor's body is never parsed.
  const onRequest = async (request: Parameters<typeof requireAdmin>[0]) =>
    void requireAdmin(request);

  api.get(
    '/api/admin/discounts',
    {
      onRequest,
      schema: {
        tags: ['discounts'],
        summary: 'Every discount code, newest first, with its paid redemptions (admin)',
        response: { 200: DiscountListSchema, ...adminErrors },
      },
    },
    async () => discounts.listDiscounts(),
  );

  api.post(
    '/api/admin/discounts',
    {
      onRequest,
      schema: {
        tags: ['discounts'],
        summary: 'Create a discount code (admin)',
        body: DiscountBodySchema,
        response: { 201: DiscountSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await discounts.createDiscount(request.body)),
  );

  api.put(
    '/api/admin/discounts/:id',
    {
      onRequest,
      schema: {
        tags: ['discounts'],
        summary: 'Change a discount code (admin); the whole discount is sent',
        params: IdParamsSchema,
        body: DiscountBodySchema,
        response: { 200: DiscountSchema, ...adminErrors },
      },
    },
    async (request) => discounts.updateDiscount(request.params.id, request.body),
  );

  api.delete(
    '/api/admin/discounts/:id',
    {
      onRequest,
      schema: {
        tags: ['discounts'],
        summary: 'Delete a discount code (admin); orders keep the code they used',
        params: IdParamsSchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await discounts.deleteDiscount(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
