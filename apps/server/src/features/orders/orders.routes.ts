import type { AdminOrder, DownloadLinkResponse } from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerAdminOrderRoutes } from './admin-orders.routes.js';
import { registerBuyerOrderRoutes } from './buyer-orders.routes.js';
import { registerReceiptRoutes } from './receipt.routes.js';
import type { OrdersService } from './orders.service.js';

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

/** The orders API: the buyer's routes and the owner's. */
export const ordersRoutes: FastifyPluginAsync<{ orders: OrdersService } & OrderRoutePorts> = async (
  app,
  { orders, downloads, checkout },
) => {
  registerBuyerOrderRoutes(app, { orders, downloads });
  registerAdminOrderRoutes(app, { orders, checkout });
  registerReceiptRoutes(app, { orders });
};
