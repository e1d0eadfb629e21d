import { ErrorBodySchema, ReceiptSentResponseSchema } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../plugins/session.js';
import type { OrdersService } from './orders.service.js';

const ParamsSchema = z.object({ id: z.string().max(100, 'id is too long') });

/** Sending a paid order's receipt again: the owner's Resend, the buyer's Email me. */
export function registerReceiptRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/orders/:id/receipt',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'Send a paid order’s receipt to its buyer again (admin)',
        description: 'The same email payment sends. 409 for an order that is not paid.',
        params: ParamsSchema,
        response: {
          200: ReceiptSentResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => orders.resendReceipt(request.params.id),
  );

  api.post(
    '/api/orders/:id/receipt',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'Email the signed-in buyer the receipt of one of their paid orders',
        description:
          'Another buyer’s order answers 404. At most once per order every 10 minutes and 5 ' +
          'receipts an hour per buyer: 429 with Retry-After past that.',
        params: ParamsSchema,
        response: {
          200: ReceiptSentResponseSchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => orders.emailMyReceipt(requireUser(request)._id, request.params.id),
  );
}
