import {
  CheckoutMessages,
  OrderMessages,
  type MyOrdersQuery,
  type MyOrdersResponse,
  type MyPurchase,
  type ProductOwnershipResponse,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import { ID_SHAPE, SESSION_ID_SHAPE } from './order-ids.js';
import type { OrderViews, PageQuery } from './order-views.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

/** What a buyer sees and may do with their own orders; another's answer like missing ones. */
export function createBuyerOrders({ repo, views }: { repo: OrdersRepo; views: OrderViews }) {
  /** The caller's order behind a checkout session id, or 404 (also for another user's). */
  async function requireOwnOrderBySession(sessionId: string, userId: string): Promise<OrderRow> {
    const row = SESSION_ID_SHAPE.test(sessionId)
      ? await repo.findOrderBySession(sessionId, userId)
      : undefined;
    if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
    return row;
  }

  return {
    /** The caller's order, or 404; another user's order answers exactly like a missing one. */
    async requireOwnOrder(id: string, userId: string): Promise<OrderRow> {
      const row = ID_SHAPE.test(id) ? await repo.findOrderOfUser(id, userId) : undefined;
      if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
      return row;
    },

    requireOwnOrderBySession,

    /**
     * Paid orders only: 409 while the payment is not confirmed, 403 while a dispute is open,
     * 410 once refunded or canceled.
     */
    requireDownloadable(order: OrderRow): OrderRow {
      switch (order.status) {
        case 'paid':
          if (order.disputeStatus === 'open') throw AppError.forbidden(CheckoutMessages.disputed);
          return order;
        case 'pending':
          throw AppError.conflict(
            order.reviewReason === null
              ? CheckoutMessages.paymentPending
              : CheckoutMessages.paymentUnderReview,
          );
        default:
          throw AppError.gone(CheckoutMessages.accessRevoked);
      }
    },

    /** The buyer's orders, newest first; canceled checkouts only when `include=canceled`. */
    async listMyOrders(
      userId: string,
      query: PageQuery & Pick<MyOrdersQuery, 'include'>,
    ): Promise<MyOrdersResponse> {
      const { rows, total, pages } = await views.listPage(
        { userId, hideCanceledCheckouts: query.include !== 'canceled' },
        query,
      );
      return { purchases: await views.toMyPurchases(rows), total, page: query.page, pages };
    },

    /** Whether the buyer owns a product (a paid order whose downloads are not paused). */
    async getProductOwnership(
      userId: string,
      productId: string,
    ): Promise<ProductOwnershipResponse> {
      const row = ID_SHAPE.test(productId)
        ? await repo.findOwningOrder(userId, productId)
        : undefined;
      return row ? { owned: true, orderId: row.id } : { owned: false, orderId: null };
    },

    /** The caller's order behind a checkout (the success page names what was bought), or 404. */
    async getMyCheckoutOrder(userId: string, sessionId: string): Promise<MyPurchase> {
      const [purchase] = await views.toMyPurchases([
        await requireOwnOrderBySession(sessionId, userId),
      ]);
      return purchase!;
    },
  };
}
