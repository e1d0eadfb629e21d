import {
  DownloadLinkResponseSchema,
  ErrorBodySchema,
  OrderFileParamsSchema,
  OrderFilesResponseSchema,
  OrderMessages,
} from '@bindery/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requireUser } from '../../plugins/session.js';
import type { OrdersService } from '../orders/index.js';
import type { DownloadsService } from './downloads.service.js';

type Orders = Pick<OrdersService, 'findOrder' | 'requireOwnOrder' | 'requireDownloadable'>;

const refusals = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  410: ErrorBodySchema,
};

/**
 * The caller's paid order (an admin's: any paid order), as generate-download-link checks it:
 * 404 for another buyer's or an unknown order, 409 while the payment is not confirmed, 403
 * while a dispute is open, 410 once refunded or canceled.
 */
async function requireDownloadableOrder(
  orders: Orders,
  request: FastifyRequest,
  id: string,
  admins: boolean,
) {
  const user = requireUser(request);
  const order =
    admins && user.role === 'admin'
      ? await orders.findOrder(id)
      : await orders.requireOwnOrder(id, user._id);
  if (!order) throw AppError.notFound(OrderMessages.orderNotFound);
  return orders.requireDownloadable(order);
}

/** An order's files, and a download link for each (issue 28). */
export const orderFilesRoutes: FastifyPluginAsync<{
  orders: Orders;
  downloads: Pick<DownloadsService, 'listOrderFiles' | 'createLink'>;
}> = async (app, { orders, downloads }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/orders/:id/files',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'The files a paid order delivers: its product’s current files, in order',
        description:
          'For the order’s buyer and admins; 404 for anyone else. The same refusals as ' +
          'generate-download-link: 409 while the payment is not confirmed, 403 while a dispute ' +
          'is open, 410 once the order is canceled or refunded. Names, formats and sizes only.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: OrderFilesResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const order = await requireDownloadableOrder(orders, request, request.params.id, true);
      return { files: await downloads.listOrderFiles(order.productId) };
    },
  );

  api.post(
    '/api/orders/:id/files/:fileId/download-link',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['orders'],
        summary: 'A fresh download link for one file of the caller’s paid order',
        description:
          'The rules of generate-download-link (404 unless the order is the caller’s, 409 while ' +
          'the payment is not confirmed, 410 once refunded or canceled, 403 while a dispute is ' +
          'open), and 404 for a file that is not one of the order’s product’s files. Each file ' +
          'counts its downloads on its own: 403 "Download limit reached for this order." once ' +
          'this file’s are used up.',
        params: OrderFileParamsSchema,
        response: { 200: DownloadLinkResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const order = await requireDownloadableOrder(orders, request, request.params.id, false);
      return downloads.createLink(order.id, request.params.fileId);
    },
  );
};
