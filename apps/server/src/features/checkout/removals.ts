import { OrderMessages } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrdersService } from '../orders/index.js';
import type { CheckoutLog, ProviderCalls } from './provider-calls.js';

export interface RemovalsOptions {
  orders: Pick<
    OrdersService,
    'requireRemovableOrder' | 'deleteOrder' | 'listOpenCheckoutsOfProduct' | 'hasOrdersToHonour'
  >;
  catalog: Pick<CatalogService, 'archiveProduct' | 'purgeArchivedProduct'>;
  calls: Pick<ProviderCalls, 'closeCheckout'>;
  log?: CheckoutLog;
}

/** The owner's deletions that must close a checkout at the provider first: an order, a product. */
export function createRemovals({ orders, catalog, calls, log }: RemovalsOptions) {
  const { closeCheckout } = calls;
  return {
    /**
     * The owner's Delete (orders.service deleteOrder): 409 for an order that holds money. A
     * pending order's open checkout is closed at the provider first so a late payment is not
     * lost; 409 when the buyer paid it meanwhile (it is kept, and now paid).
     */
    async deleteOrder(orderId: string): Promise<void> {
      const order = await orders.requireRemovableOrder(orderId);
      if (order.status === 'pending') {
        const closed = await closeCheckout(order, 'order deletion');
        if (closed?.status === 'complete') throw AppError.conflict(OrderMessages.deletedWhilePaid);
      }
      await orders.deleteOrder(orderId, { wasPending: order.status === 'pending' });
    },

    /**
     * Removes a product from sale. It leaves the catalogue at once (no checkout can start);
     * its open checkouts are closed at the provider; then, unless somebody paid for it (or still
     * may), it is deleted with its files. A product with sales stays archived, so its buyers
     * keep downloading and a payment that still arrives is fulfilled.
     */
    async removeProduct(productId: string): Promise<void> {
      await catalog.archiveProduct(productId);
      for (const order of await orders.listOpenCheckoutsOfProduct(productId)) {
        try {
          await closeCheckout(order, 'product removed');
        } catch (error) {
          // Left pending, so the product stays archived; reconciliation settles the order.
          log?.warn(
            { err: error, orderId: order.id },
            'could not close a checkout of a removed product',
          );
        }
      }
      if (!(await orders.hasOrdersToHonour(productId))) {
        await catalog.purgeArchivedProduct(productId);
      }
    },
  };
}
