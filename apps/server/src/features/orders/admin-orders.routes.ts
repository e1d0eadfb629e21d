import {
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  ErrorBodySchema,
  UnmatchedPaymentsResponseSchema,
} from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session.js';
import type { OrderRoutePorts } from './orders.routes.js';
import type { OrdersService } from './orders.service.js';

const ParamsSchema = z.object({ id: z.string() });
type AdminOrderRouteDeps = { orders: OrdersService } & Pick<OrderRoutePorts, 'checkout'>;

/** The owner's routes: every order, and what the owner does to one. */
export function registerAdminOrderRoutes(app: FastifyInstance, deps: AdminOrderRouteDeps) {
  registerOrderListRoutes(app, deps);
  registerOrderMoneyRoutes(app, deps);
  registerOrderAccessRoutes(app, deps);
}

/** Every order, and the payments that match none. */
function registerOrderListRoutes(app: FastifyInstance, { orders }: AdminOrderRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/orders',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'All customer orders, newest first (admin); review=true lists flagged ones',
        description:
          'sort (createdAt, amountCents or status) with order (asc or desc) sorts every order ' +
          'before paging; the id breaks ties, so consecutive pages neither repeat nor skip a row.',
        querystring: AdminOrdersQuerySchema,
        response: {
          200: AdminOrdersResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => orders.listAllOrders(request.query),
  );
  api.get(
    '/api/orders/unmatched-payments',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'Payments that arrived for orders the store does not have (admin)',
        response: {
          200: UnmatchedPaymentsResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async () => orders.listUnmatchedPayments(),
  );
}

/** Deleting and refunding: the owner's actions that reach the payment provider. */
function registerOrderMoneyRoutes(app: FastifyInstance, { checkout }: AdminOrderRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.delete(
    '/api/orders/:id',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'Delete an order (admin)',
        description:
          'Orders are money records. A paid order, one with an open or lost payment dispute, or ' +
          'one flagged for review answers 409 (refund or resolve it first). A pending order is ' +
          'deleted; its open checkout is closed at the payment provider first (409 when it was ' +
          'paid meanwhile). A refunded or canceled order leaves the admin list but stays on ' +
          'record: the buyer still sees it and the sales overview is unchanged. A removed order ' +
          'answers 404.',
        params: ParamsSchema,
        response: {
          204: z.null(),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          502: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await checkout.deleteOrder(request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/api/orders/:id/refund',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'Refund an order in full through the payment provider (admin)',
        description:
          'Its download links stop working at once. Refunds once, however often it is sent; 409 ' +
          'when the order is already refunded or holds no payment.',
        params: ParamsSchema,
        response: {
          200: AdminOrderSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          502: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) => checkout.refundOrder(request.params.id),
  );
}

/** Letting a buyer download: a flagged order's access, a spent download count. */
function registerOrderAccessRoutes(app: FastifyInstance, { orders }: AdminOrderRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/orders/:id/grant-access',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'Resolve a flagged order by letting the buyer download (admin)',
        description: '409 when the order is not flagged for review, or was refunded.',
        params: ParamsSchema,
        response: {
          200: AdminOrderSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await orders.grantAccess(request.params.id);
      return orders.getAdminOrder(request.params.id);
    },
  );

  api.post(
    '/api/orders/:id/reset-downloads',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'Give an order its downloads back (admin)',
        description: 'Sets the order’s count of completed downloads to 0 (DOWNLOAD_LIMIT).',
        params: ParamsSchema,
        response: {
          200: AdminOrderSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const order = await orders.resetDownloads(request.params.id);
      request.log.info({ orderId: order._id }, 'download count reset by an admin');
      return order;
    },
  );
}
