import {
  OrderMessages,
  type AdminOrder,
  type AdminOrdersQuery,
  type AdminOrdersResponse,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import { matchOrders, type OrderSearchPorts } from './admin-order-search.js';
import { ID_SHAPE, requireOrderById } from './order-ids.js';
import { csvHeaderLine, orderCsvLine } from './admin-orders-csv.js';
import type { ListFilter, OrderKey, OrderSort } from './order-list.repo.js';
import type { OrderNotices } from './order-notices.js';
import { removeOrder, requireRemovable } from './order-removal.js';
import type { OrderViews } from './order-views.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

export interface AdminOrdersOptions {
  repo: OrdersRepo;
  views: OrderViews;
  notices?: OrderNotices;
  search: OrderSearchPorts;
  clock: () => number;
}

/** Orders read per batch of the CSV export. */
const CSV_BATCH = 500;

/** The admin list's filter and sort for a query: the review toggle, the search, the column. */
export async function adminListOf(
  search: OrderSearchPorts,
  query: Pick<AdminOrdersQuery, 'review' | 'q' | 'sort' | 'order'>,
): Promise<{ filter: ListFilter; sort?: OrderSort }> {
  const filter: ListFilter = {
    needsReview: query.review === true,
    hideRemoved: true,
    ...(query.q ? { match: await matchOrders(search, query.q) } : {}),
  };
  return { filter, sort: query.sort && { field: query.sort, order: query.order ?? 'asc' } };
}

/** The owner's table of orders and what the owner does to one: grant, delete, reset downloads. */
export function createAdminOrders({ repo, views, notices, search, clock }: AdminOrdersOptions) {
  const requireOrder = (id: string) => requireOrderById(repo, id);

  return {
    /** One order as the admin table shows it. */
    async getAdminOrder(id: string): Promise<AdminOrder> {
      const [order] = await views.toAdminOrders([await requireOrder(id)]);
      return order!;
    },

    async listAllOrders(query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
      const { filter, sort } = await adminListOf(search, query);
      const { rows, total, pages } = await views.listPage(filter, query, sort);
      return { orders: await views.toAdminOrders(rows), total, page: query.page, pages };
    },

    /**
     * The admin list as CSV, every matching order in the list's order: read in batches after
     * the last row sent (never offsets, never the whole list in memory), each batch a chunk.
     * The filter is resolved before the first byte, so a refused query still answers 400.
     */
    async exportOrdersCsv(
      query: Pick<AdminOrdersQuery, 'review' | 'q' | 'sort' | 'order'>,
    ): Promise<AsyncIterable<Buffer>> {
      const { filter, sort = { field: 'createdAt', order: 'desc' } } = await adminListOf(
        search,
        query,
      );
      async function* lines() {
        yield Buffer.from(csvHeaderLine());
        let after: OrderKey | undefined;
        for (;;) {
          const rows = await repo.listOrdersAfter(filter, CSV_BATCH, sort, after);
          if (rows.length === 0) return;
          const orders = await views.toAdminOrders(rows);
          yield Buffer.from(orders.map((order, i) => orderCsvLine(order, rows[i]!)).join(''));
          const last = rows[rows.length - 1]!;
          after = { value: last[sort.field], id: last.id };
        }
      }
      return lines();
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
      await repo.clearFileDownloads(order.id);
      await repo.updateOrder(order.id, { downloadsUsed: 0 }, clock());
      const [updated] = await views.toAdminOrders([{ ...order, downloadsUsed: 0 }]);
      return updated!;
    },
  };
}
