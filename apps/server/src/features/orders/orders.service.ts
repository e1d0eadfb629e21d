import { randomBytes } from 'node:crypto';
import {
  CheckoutMessages,
  OrderMessages,
  type AdminOrder,
  type AdminOrdersResponse,
  type MyOrdersQuery,
  type MyOrdersResponse,
  type MyPurchase,
  type ProductOwnershipResponse,
  type OrderSortField,
  type Purchase,
  type SortOrder,
  type UnmatchedPaymentsResponse,
} from '@bindery/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import { applyPaymentOutcome, type OutcomeResult, type PaymentOutcome } from './fulfilment.js';
import type { OrderNotices } from './order-notices.js';
import { removeOrder, requireRemovable } from './order-removal.js';
import type { OrderRow, OrderSort, OrdersRepo, UnmatchedPaymentRow } from './orders.repo.js';
import type { SalesDayRange } from './sales-totals.js';

/** The one currency the store sells in (prices are USD in the specification). */
export const STORE_CURRENCY = 'usd';

/**
 * Order and product ids are 16 base64url characters; anything else is not one of them and reads
 * as not found (and never reaches the database: PostgreSQL refuses a NUL in text).
 */
const ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;
/** Checkout session ids (the provider's and the test checkout's): letters, digits, _ and -. */
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{1,300}$/;
const newOrderId = () => randomBytes(12).toString('base64url');

export interface OrdersServiceOptions {
  repo: OrdersRepo;
  catalog: Pick<CatalogService, 'getProductSummaries' | 'getDownloadLimits'>;
  users: Pick<AuthService, 'getUserSummaries'>;
  /** DOWNLOAD_LIMIT: completed downloads per order unless the product sets its own; 0 unlimited. */
  downloadLimit?: number;
  /** The receipt and refund notice; without it (some tests) outcomes send no email. */
  notices?: OrderNotices;
  clock?: () => number;
}

interface PageQuery {
  page: number;
  limit: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Unmatched payments shown to the owner at most (newest first). */
const UNMATCHED_LIST_LIMIT = 100;

/**
 * Whether money the store could return is held for this order: a paid order, or a flagged one
 * whose payment arrived (amount mismatch, paid after it was canceled).
 */
export function canRefund(order: OrderRow): boolean {
  if (order.status === 'paid') return true;
  return (
    order.status !== 'refunded' && order.reviewReason !== null && order.paymentIntentId !== null
  );
}

export function createOrdersService({
  repo,
  catalog,
  users,
  notices,
  downloadLimit = 0,
  clock = Date.now,
}: OrdersServiceOptions) {
  /** The limit that applies to an order of a product with this limit of its own; null unlimited. */
  const effectiveLimit = (productLimit: number | null | undefined): number | null => {
    const limit = productLimit ?? downloadLimit;
    return limit === 0 ? null : limit;
  };

  /** The order's download limit: the product's own or DOWNLOAD_LIMIT; null unlimited. */
  const downloadLimitOf = async (order: OrderRow): Promise<number | null> =>
    effectiveLimit((await catalog.getDownloadLimits([order.productId])).get(order.productId));

  /** Orders as the API shows them; product data comes from the catalogue (null once deleted). */
  async function toPurchases(rows: OrderRow[]): Promise<Purchase[]> {
    const productIds = rows.map((row) => row.productId);
    const [products, limits] = await Promise.all([
      catalog.getProductSummaries(productIds),
      catalog.getDownloadLimits(productIds),
    ]);
    return rows.map((row) => ({
      _id: row.id,
      product: products.get(row.productId) ?? null,
      amountCents: row.amountCents,
      status: row.status,
      createdAt: iso(row.createdAt),
      paidAt: row.paidAt === null ? null : iso(row.paidAt),
      dispute: row.disputeStatus,
      downloads: { used: row.downloadsUsed, limit: effectiveLimit(limits.get(row.productId)) },
    }));
  }

  /**
   * The buyer's view adds the hosted checkout of a pending order while it is open; one flagged
   * for review waits for the store instead.
   */
  async function toMyPurchases(rows: OrderRow[]): Promise<MyPurchase[]> {
    const now = clock();
    const purchases = await toPurchases(rows);
    return rows.map((row, index) => ({
      ...purchases[index]!,
      checkoutUrl:
        row.status === 'pending' &&
        row.reviewReason === null &&
        row.providerSessionUrl !== null &&
        row.providerSessionExpiresAt !== null &&
        row.providerSessionExpiresAt > now
          ? row.providerSessionUrl
          : null,
    }));
  }

  async function toAdminOrders(rows: OrderRow[]): Promise<AdminOrder[]> {
    const [purchases, customers] = await Promise.all([
      toPurchases(rows),
      users.getUserSummaries(rows.map((row) => row.userId)),
    ]);
    return rows.map((row, index) => ({
      ...purchases[index]!,
      user: customers.get(row.userId) ?? null,
      reviewReason: row.reviewReason,
      canRefund: canRefund(row),
    }));
  }

  /** The emails an outcome may send, read before its transaction (only payments and refunds send). */
  async function prepareNotices(outcome: PaymentOutcome) {
    if (!notices || (outcome.result !== 'paid' && outcome.result !== 'refunded')) return undefined;
    const order = ID_SHAPE.test(outcome.orderId)
      ? await repo.findOrder(outcome.orderId)
      : undefined;
    return order ? notices.prepare(order) : undefined;
  }

  async function listPage(
    filter: {
      userId?: string;
      needsReview?: boolean;
      hideCanceledCheckouts?: boolean;
      hideRemoved?: boolean;
    },
    query: PageQuery,
    sort?: OrderSort,
  ) {
    const { rows, total } = await repo.listOrders(
      filter,
      (query.page - 1) * query.limit,
      query.limit,
      sort,
    );
    return { rows, total, pages: Math.ceil(total / query.limit) };
  }

  async function requireOrder(id: string): Promise<OrderRow> {
    const row = ID_SHAPE.test(id) ? await repo.findOrder(id) : undefined;
    if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
    return row;
  }

  const toUnmatched = (row: UnmatchedPaymentRow) => ({
    _id: row.id,
    provider: row.provider,
    orderId: row.orderId,
    paymentIntentId: row.paymentIntentId,
    amountCents: row.amountCents,
    currency: row.currency,
    reason: row.reason,
    createdAt: iso(row.createdAt),
  });

  return {
    /** A new pending order at the catalogue's price: the only amount a buyer is ever charged. */
    async createPendingOrder(input: {
      userId: string;
      product: { id: string; priceCents: number };
      provider: OrderRow['provider'];
    }): Promise<OrderRow> {
      const now = clock();
      const row: OrderRow = {
        id: newOrderId(),
        userId: input.userId,
        productId: input.product.id,
        amountCents: input.product.priceCents,
        currency: STORE_CURRENCY,
        status: 'pending',
        provider: input.provider,
        providerSessionId: null,
        providerSessionUrl: null,
        providerSessionExpiresAt: null,
        checkoutFingerprint: null,
        paymentIntentId: null,
        reviewReason: null,
        disputeStatus: null,
        refundId: null,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
        downloadsUsed: 0,
        hiddenAt: null,
      };
      await repo.insertOrder(row);
      return row;
    },

    /**
     * A pending order the buyer opened for the same product and price not long ago: a second
     * click on Buy Now continues that checkout instead of leaving a stray pending order.
     */
    findReusablePendingOrder: (input: {
      userId: string;
      productId: string;
      amountCents: number;
      provider: OrderRow['provider'];
      since: number;
    }) =>
      repo.findPendingOrder(
        input.userId,
        input.productId,
        input.amountCents,
        input.provider,
        input.since,
      ),

    /** The hosted checkout an order uses now, kept so a second Buy Now can return it. */
    attachCheckoutSession: (
      orderId: string,
      session: { id: string; url: string; expiresAt: number; fingerprint: string },
    ) => repo.setCheckoutSession(orderId, session, clock()),

    requireOrder,

    async findOrder(id: string): Promise<OrderRow | undefined> {
      return ID_SHAPE.test(id) ? repo.findOrder(id) : undefined;
    },

    /** The caller's order, or 404; another user's order answers exactly like a missing one. */
    async requireOwnOrder(id: string, userId: string): Promise<OrderRow> {
      const row = ID_SHAPE.test(id) ? await repo.findOrderOfUser(id, userId) : undefined;
      if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
      return row;
    },

    /** The caller's order behind a checkout session id, or 404 (also for another user's). */
    async requireOwnOrderBySession(sessionId: string, userId: string): Promise<OrderRow> {
      const row = SESSION_ID_SHAPE.test(sessionId)
        ? await repo.findOrderBySession(sessionId, userId)
        : undefined;
      if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
      return row;
    },

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

    /** A provider's news about an order, applied exactly once (see fulfilment.ts). */
    async applyOutcome(outcome: PaymentOutcome): Promise<OutcomeResult> {
      return applyPaymentOutcome(repo, outcome, clock(), await prepareNotices(outcome));
    },

    /** The order a provider's payment belongs to, as far as the store knows. */
    findOrderIdByPaymentIntent: (paymentIntentId: string) =>
      repo.findOrderIdByPaymentIntent(paymentIntentId),

    /** A payment for an order the store does not have, kept once for the owner to act on. */
    recordUnmatchedPayment: (payment: Omit<UnmatchedPaymentRow, 'createdAt'>) =>
      repo.recordUnmatchedPayment({ ...payment, createdAt: clock() }),

    async listUnmatchedPayments(): Promise<UnmatchedPaymentsResponse> {
      const rows = await repo.listUnmatchedPayments(UNMATCHED_LIST_LIMIT);
      return { payments: rows.map(toUnmatched) };
    },

    /** One order as the admin table shows it. */
    async getAdminOrder(id: string): Promise<AdminOrder> {
      const [order] = await toAdminOrders([await requireOrder(id)]);
      return order!;
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

    listOpenCheckoutsOfProduct: (productId: string) => repo.listOpenCheckoutsOfProduct(productId),
    hasOrdersToHonour: (productId: string) => repo.hasOrdersToHonour(productId),

    /** The buyer's orders, newest first; canceled checkouts only when `include=canceled`. */
    async listMyOrders(
      userId: string,
      query: PageQuery & Pick<MyOrdersQuery, 'include'>,
    ): Promise<MyOrdersResponse> {
      const { rows, total, pages } = await listPage(
        { userId, hideCanceledCheckouts: query.include !== 'canceled' },
        query,
      );
      return { purchases: await toMyPurchases(rows), total, page: query.page, pages };
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
      const row = SESSION_ID_SHAPE.test(sessionId)
        ? await repo.findOrderBySession(sessionId, userId)
        : undefined;
      if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
      const [purchase] = await toMyPurchases([row]);
      return purchase!;
    },

    async listAllOrders(
      query: PageQuery & { review?: boolean; sort?: OrderSortField; order?: SortOrder },
    ): Promise<AdminOrdersResponse> {
      const { rows, total, pages } = await listPage(
        { needsReview: query.review === true, hideRemoved: true },
        query,
        query.sort && { field: query.sort, order: query.order ?? 'asc' },
      );
      return { orders: await toAdminOrders(rows), total, page: query.page, pages };
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
     * (see checkout.service deleteOrder), which cancels it: `wasPending` says the order was
     * pending when the owner asked.
     */
    async deleteOrder(id: string, { wasPending }: { wasPending: boolean }): Promise<void> {
      if (!ID_SHAPE.test(id)) throw AppError.notFound(OrderMessages.orderNotFound);
      await removeOrder(repo, id, wasPending, clock());
    },

    downloadLimitOf,

    /** 403 "Download limit reached for this order." once the order used up its downloads. */
    async requireDownloadAllowed(order: OrderRow): Promise<void> {
      const limit = await downloadLimitOf(order);
      if (limit !== null && order.downloadsUsed >= limit) {
        throw AppError.forbidden(OrderMessages.downloadLimitReached);
      }
    },

    /** The order's count of downloads, read inside the downloads feature's transaction. */
    readDownloadsUsed: (orderId: string, within: Db) =>
      repo.within(within).readDownloadsUsed(orderId),

    /** Counts downloads the bytes served have made whole (decision 017), in `within`. */
    countDownloads: (orderId: string, count: number, within: Db) =>
      repo.within(within).addDownloadsUsed(orderId, count),

    /** Paid revenue per day, refunds and best sellers for the sales overview (decision 018). */
    async salesReport(days: SalesDayRange[], topLimit: number) {
      const start = days[0]!.start;
      const end = days.at(-1)!.end;
      const [byDay, refundedCents, top] = await Promise.all([
        repo.salesByDay(days),
        repo.refundedBetween(start, end),
        repo.topProductsBetween(start, end, topLimit),
      ]);
      return { byDay, refundedCents, top };
    },

    /** The owner gives an order its downloads back. */
    async resetDownloads(id: string): Promise<AdminOrder> {
      const order = await requireOrder(id);
      await repo.updateOrder(order.id, { downloadsUsed: 0 }, clock());
      const [updated] = await toAdminOrders([{ ...order, downloadsUsed: 0 }]);
      return updated!;
    },

    listPendingToReconcile: (cutoff: number, provider: OrderRow['provider'], limit: number) =>
      repo.listPendingToReconcile(cutoff, provider, limit),

    flagForReview: (orderId: string, reason: string) =>
      repo.updateOrder(orderId, { reviewReason: reason }, clock()),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { OrderRow };
