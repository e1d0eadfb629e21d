import { Readable } from 'node:stream';
import {
  AdminOrderSchema,
  AdminOrdersExportQuerySchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  ErrorBodySchema,
  UnmatchedPaymentsResponseSchema,
} from '@bindery/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session.js';
import { csvFileName } from './admin-orders-csv.js';
import type { OrderRoutePorts } from './orders.routes.js';
import type { OrdersService } from './orders.service.js';

const ParamsSchema = z.object({ id: z.string() });
type AdminOrderRouteDeps = { orders: OrdersService } & Pick<OrderRoutePorts, 'checkout'>;

/** Every admin route may refuse the caller: signed out, or not an admin. */
const refused = { 401: ErrorBodySchema, 403: ErrorBodySchema };
/** An admin route about one order: refused, or no such order. */
const refusedForOrder = { ...refused, 404: ErrorBodySchema };
/** An action that reaches the payment provider: it may conflict, fail or be down. */
const refusedAtProvider = {
  ...refusedForOrder,
  409: ErrorBodySchema,
  502: ErrorBodySchema,
  503: ErrorBodySchema,
};
const adminOnly = { onRequest: async (request: FastifyRequest) => void requireAdmin(request) };

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
      ...adminOnly,
      schema: {
        tags: ['orders'],
        summary: 'All customer orders, newest first (admin); review=true lists flagged ones',
        description:
          'sort (createdAt, amountCents or status) with order (asc or desc) sorts every order ' +
          'before paging; the id breaks ties, so consecutive pages neither repeat nor skip a row.',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersResponseSchema, 400: ErrorBodySchema, ...refused },
      },
    },
    async (request) => orders.listAllOrders(request.query),
  );
  api.get(
    '/api/orders/unmatched-payments',
    {
      ...adminOnly,
      schema: {
        tags: ['orders'],
        summary: 'Payments that arrived for orders the store does not have (admin)',
        response: { 200: UnmatchedPaymentsResponseSchema, ...refused },
      },
    },
    async () => orders.listUnmatchedPayments(),
  );
  api.get(
    '/api/admin/orders.csv',
    {
      ...adminOnly,
      schema: {
        tags: ['orders'],
        summary: 'The admin order list as CSV: every order its filters find, in its sort (admin)',
        description:
          'review, q, sort and order as GET /api/orders, all pages. UTF-8 with CRLF line ends ' +
          '(RFC 4180); amounts in major units beside their currency; text cells a spreadsheet ' +
          'would read as a formula start with an apostrophe. Streamed, as an attachment.',
        querystring: AdminOrdersExportQuerySchema,
        response: { 200: z.unknown().describe('CSV'), 400: ErrorBodySchema, ...refused },
      },
    },
    async (request, reply) => {
      const body = await orders.exportOrdersCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${csvFileName(Date.now())}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(body, { objectMode: false }));
    },
  );
}

/** Deleting and refunding: the owner's actions that reach the payment provider. */
function registerOrderMoneyRoutes(app: FastifyInstance, { checkout }: AdminOrderRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.delete(
    '/api/orders/:id',
    {
      ...adminOnly,
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
        response: { 204: z.null(), ...refusedAtProvider },
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
      ...adminOnly,
      schema: {
        tags: ['orders'],
        summary: 'Refund an order in full through the payment provider (admin)',
        description:
          'Its download links stop working at once. Refunds once, however often it is sent; 409 ' +
          'when the order is already refunded or holds no payment.',
        params: ParamsSchema,
        response: { 200: AdminOrderSchema, ...refusedAtProvider },
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
      ...adminOnly,
      schema: {
        tags: ['orders'],
        summary: 'Resolve a flagged order by letting the buyer download (admin)',
        description: '409 when the order is not flagged for review, or was refunded.',
        params: ParamsSchema,
        response: { 200: AdminOrderSchema, ...refusedForOrder, 409: ErrorBodySchema },
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
      ...adminOnly,
      schema: {
        tags: ['orders'],
        summary: 'Give an order its downloads back (admin)',
        description: 'Sets the order’s count of completed downloads to 0 (DOWNLOAD_LIMIT).',
        params: ParamsSchema,
        response: { 200: AdminOrderSchema, ...refusedForOrder },
      },
    },
    async (request) => {
      const order = await orders.resetDownloads(request.params.id);
      request.log.info({ orderId: order._id }, 'download count reset by an admin');
      return order;
    },
  );
}
