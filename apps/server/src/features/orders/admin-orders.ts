import {
  OrderMessages,
  type AdminOrder,
  type AdminOrdersResponse,
  type OrderSortField,
  type SortOrder,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import { ID_SHAPE, requireOrderById } from './order-ids.js';
import type { OrderNotices } from './order-notices.js';
import { removeOrder, requireRemovable } from './order-removal.js';
import type { OrderViews, PageQuery } from './order-views.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

export interface AdminOrdersOptions {
  repo: OrdersRepo;
  views: OrderViews;
  notices?: OrderNotices;
  clock: () => number;
}

/** The owner's table of orders and what the owner does to one: grant, delete, reset downloads. */
export function createAdminOrders({ repo, views, notices, clock }: AdminOrdersOptions) {
  const requireOrder = (id: string) => requireOrderById(repo, id);

  return {
    /** One order as the admin table shows it. */
    async getAdminOrder(id: string): Promise<AdminOrder> {
      const [order] = await views.toAdminOrders([await requireOrder(id)]);
      return order!;
    },

    async listAllOrders(
      query: PageQuery & { review?: boolean; sort?: OrderSortField; order?: SortOrder },
    ): Promise<AdminOrdersResponse> {
      const { rows, total, pages } = await views.listPage(
        { needsReview: query.review === true, hideRemoved: true },
        query,
        query.sort && { field: query.sort, order: query.order ?? 'asc' },
      );
      return { orders: await views.toAdminOrders(rows), total, page: query.page, pages };
    },

    /**
     * The owner's resolution of a flagged order: the buyer gets the file. A pending or canceled
     * order becomes paid; the flag is cleared. 409 when nothing is flagged or it was refunded.
     */
    async grantAccess(id: string): Promise<void> {
      const order = await requireOrder(id);
      if (order.reviewReason === null) throw AppError.conflict(OrderMessages.nothingToGrant);
      if (order.status === 'refunded') throw AppError.conflict(OrderMessages.alreadyRefunded);
      const now = clock();
      const prepared = await notices?.prepare(order);
      await repo.transaction(async (tx, trx) => {
        await tx.lockOrder(id);
        const moved = await tx.moveStatus(id, 'grant', 'access granted by the owner', now, {
          paidAt: now,
        });
        await tx.updateOrder(id, { reviewReason: null }, now);
        // The buyer's receipt, when the order only now became paid.
        if (moved === 'paid') await prepared?.paid(trx);
      });
    },

    /**
     * The order the owner's Delete may act on (order-removal.ts): 404 when unknown or removed
     * already, 409 with the reason when it holds money or needs the owner.
     */
    async requireRemovableOrder(id: string): Promise<OrderRow> {
      const order = await requireOrder(id);
      requireRemovable(order);
      return order;
    },

    /**
     * The owner's Delete (order-removal.ts). The caller closed a pending order's checkout first
     * (see checkout's order removal), which cancels it: `wasPending` says the order was
     * pending when the owner asked.
     */
    async deleteOrder(id: string, { wasPending }: { wasPending: boolean }): Promise<void> {
      if (!ID_SHAPE.test(id)) throw AppError.notFound(OrderMessages.orderNotFound);
      await removeOrder(repo, id, wasPending, clock());
    },

    /** The owner gives an order its downloads back. */
    async resetDownloads(id: string): Promise<AdminOrder> {
      const order = await requireOrder(id);
      await repo.updateOrder(order.id, { downloadsUsed: 0 }, clock());
      const [updated] = await views.toAdminOrders([{ ...order, downloadsUsed: 0 }]);
      return updated!;
    },
  };
}
