import {
  type AdminOrder,
  type DownloadLinkResponse,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  DownloadLinkResponseSchema,
  ErrorBodySchema,
  AdminOrderSchema,
  CheckoutOrderParamsSchema,
  MyPurchaseSchema,
  MyOrdersQuerySchema,
  MyOrdersResponseSchema,
  ProductOwnershipResponseSchema,
  UnmatchedPaymentsResponseSchema,
} from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/auth.guard.js';
import type { OrdersService } from './orders.service.js';

const ParamsSchema = z.object({ id: z.string() });
const ProductParamsSchema = z.object({
  productId: z.string().max(100, 'productId is too long'),
});

/**
 * What the routes need from the features downstream of orders, passed in at wiring so orders
 * imports neither: refunds and deletions go through the money path (the provider is told
 * first), and links come from downloads.
 */
export interface OrderRoutePorts {
  downloads: { createLink(orderId: string): Promise<DownloadLinkResponse> };
  checkout: {
    refundOrder(orderId: string): Promise<AdminOrder>;
    deleteOrder(orderId: string): Promise<void>;
  };
}

export const ordersRoutes: FastifyPluginAsync<{ orders: OrdersService } & OrderRoutePorts> = async (
  app,
  { orders, downloads, checkout },
) => {
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
};
