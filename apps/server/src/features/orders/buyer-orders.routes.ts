import {
  CheckoutOrderParamsSchema,
  DownloadLinkResponseSchema,
  ErrorBodySchema,
  MyOrdersQuerySchema,
  MyOrdersResponseSchema,
  MyPurchaseSchema,
  ProductOwnershipResponseSchema,
} from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.js';
import type { OrderRoutePorts } from './orders.routes.js';
import type { OrdersService } from './orders.service.js';

const ParamsSchema = z.object({ id: z.string() });
const ProductParamsSchema = z.object({
  productId: z.string().max(100, 'productId is too long'),
});
type BuyerOrderRouteDeps = { orders: OrdersService } & Pick<OrderRoutePorts, 'downloads'>;

/** The signed-in buyer's routes: their orders, what they own, fresh download links. */
export function registerBuyerOrderRoutes(app: FastifyInstance, deps: BuyerOrderRouteDeps) {
  registerMyOrderRoutes(app, deps);
  registerDownloadLinkRoute(app, deps);
}

/** The buyer's orders, what they own, the order behind a checkout. */
function registerMyOrderRoutes(app: FastifyInstance, { orders }: BuyerOrderRouteDeps) {
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
    '/api/orders/mine/products/:productId',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'Whether the signed-in buyer owns a product (the product page’s Buy Now)',
        description:
          'Owned means a paid order of the caller’s for it whose downloads are not paused by a ' +
          'dispute; its id gets a fresh download link. Anything else, an unknown product ' +
          'included, answers owned false.',
        params: ProductParamsSchema,
        response: {
          200: ProductOwnershipResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      orders.getProductOwnership(requireUser(request)._id, request.params.productId),
  );

  api.get(
    '/api/orders/mine/checkouts/:sessionId',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'The caller’s order behind a checkout session (the success page names it)',
        description: '404 unless the session is one of the caller’s orders.',
        params: CheckoutOrderParamsSchema,
        response: {
          200: MyPurchaseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      orders.getMyCheckoutOrder(requireUser(request)._id, request.params.sessionId),
  );
}

/** A fresh download link for one of the buyer's paid orders. */
function registerDownloadLinkRoute(
  app: FastifyInstance,
  { orders, downloads }: BuyerOrderRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/orders/:id/download-link',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'A fresh download link for one of the caller’s paid orders (My Orders)',
        description:
          '403 while a payment dispute is open, or once the order’s downloads are used up ' +
          '("Download limit reached for this order.").',
        params: ParamsSchema,
        response: {
          200: DownloadLinkResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
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
}
