import {
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  DownloadLinkResponseSchema,
  ErrorBodySchema,
  MyOrdersQuerySchema,
  MyOrdersResponseSchema,
} from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/auth.guard.js';
import type { DownloadsService } from '../downloads/downloads.service.js';
import type { OrdersService } from './orders.service.js';

const ParamsSchema = z.object({ id: z.string() });

export const ordersRoutes: FastifyPluginAsync<{
  orders: OrdersService;
  downloads: Pick<DownloadsService, 'createLink'>;
}> = async (app, { orders, downloads }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/orders/myorders',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'The signed-in buyer’s orders, newest first',
        querystring: MyOrdersQuerySchema,
        response: { 200: MyOrdersResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => orders.listMyOrders(requireUser(request)._id, request.query),
  );

  api.get(
    '/api/orders',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'All customer orders, newest first (admin)',
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

  api.delete(
    '/api/orders/:id',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['orders'],
        summary: 'Delete an order (admin); its download links stop working',
        params: ParamsSchema,
        response: {
          204: z.null(),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await orders.deleteOrder(request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/api/orders/:id/download-link',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'A fresh download link for one of the caller’s paid orders (My Orders)',
        params: ParamsSchema,
        response: {
          200: DownloadLinkResponseSchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          410: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const order = await orders.requireOwnOrder(request.params.id, requireUser(request)._id);
      return downloads.createLink(orders.requireDownloadable(order).id);
    },
  );
};
