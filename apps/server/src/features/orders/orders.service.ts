import { randomBytes } from 'node:crypto';
import {
  CheckoutMessages,
  OrderMessages,
  type AdminOrdersResponse,
  type MyOrdersResponse,
  type Purchase,
} from '@bindery/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { applyPaymentOutcome, type OutcomeResult, type PaymentOutcome } from './fulfilment.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

/** The one currency the store sells in (prices are USD in the specification). */
export const STORE_CURRENCY = 'usd';

/** Ids are 16 base64url characters; anything else is not an order and reads as not found. */
const ORDER_ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;
const newOrderId = () => randomBytes(12).toString('base64url');

export interface OrdersServiceOptions {
  repo: OrdersRepo;
  db: Db;
  catalog: Pick<CatalogService, 'getProductSummaries'>;
  users: Pick<AuthService, 'getUserSummaries'>;
  clock?: () => number;
}

interface PageQuery {
  page: number;
  limit: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createOrdersService({
  repo,
  db,
  catalog,
  users,
  clock = Date.now,
}: OrdersServiceOptions) {
  async function listPage(filter: { userId?: string }, query: PageQuery) {
    const { rows, total } = await repo.listOrders(
      filter,
      (query.page - 1) * query.limit,
      query.limit,
    );
    // Product data comes from the catalogue; a deleted product shows as null.
    const products = await catalog.getProductSummaries(rows.map((row) => row.productId));
    const toPurchase = (row: OrderRow): Purchase => ({
      _id: row.id,
      product: products.get(row.productId) ?? null,
      amountCents: row.amountCents,
      status: row.status,
      createdAt: iso(row.createdAt),
      paidAt: row.paidAt === null ? null : iso(row.paidAt),
    });
    return { rows, total, pages: Math.ceil(total / query.limit), toPurchase };
  }

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
        paymentIntentId: null,
        reviewReason: null,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
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

    attachCheckoutSession: (orderId: string, providerSessionId: string) =>
      repo.setProviderSession(orderId, providerSessionId, clock()),

    async findOrder(id: string): Promise<OrderRow | undefined> {
      return ORDER_ID_SHAPE.test(id) ? repo.findOrder(id) : undefined;
    },

    /** The caller's order, or 404; another user's order answers exactly like a missing one. */
    async requireOwnOrder(id: string, userId: string): Promise<OrderRow> {
      const row = ORDER_ID_SHAPE.test(id) ? await repo.findOrderOfUser(id, userId) : undefined;
      if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
      return row;
    },

    /** The caller's order behind a checkout session id, or 404 (also for another user's). */
    async requireOwnOrderBySession(sessionId: string, userId: string): Promise<OrderRow> {
      const row = await repo.findOrderBySession(sessionId, userId);
      if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
      return row;
    },

    /** Paid orders only: 409 while the payment is not confirmed, 410 once refunded or canceled. */
    requireDownloadable(order: OrderRow): OrderRow {
      switch (order.status) {
        case 'paid':
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
    applyOutcome: (outcome: PaymentOutcome): Promise<OutcomeResult> =>
      applyPaymentOutcome(db, outcome, clock()),

    async listMyOrders(userId: string, query: PageQuery): Promise<MyOrdersResponse> {
      const { rows, total, pages, toPurchase } = await listPage({ userId }, query);
      return { purchases: rows.map(toPurchase), total, page: query.page, pages };
    },

    async listAllOrders(query: PageQuery): Promise<AdminOrdersResponse> {
      const { rows, total, pages, toPurchase } = await listPage({}, query);
      const customers = await users.getUserSummaries(rows.map((row) => row.userId));
      return {
        orders: rows.map((row) => ({
          ...toPurchase(row),
          user: customers.get(row.userId) ?? null,
        })),
        total,
        page: query.page,
        pages,
      };
    },

    /** Deletes an order with its history; its download links stop working at once. */
    async deleteOrder(id: string): Promise<void> {
      const deleted = ORDER_ID_SHAPE.test(id) && (await repo.deleteOrder(id));
      if (!deleted) throw AppError.notFound(OrderMessages.orderNotFound);
    },

    recordDownload: (orderId: string) => repo.insertDownload(orderId, clock()),

    listPendingToReconcile: (cutoff: number, provider: OrderRow['provider'], limit: number) =>
      repo.listPendingToReconcile(cutoff, provider, limit),

    flagForReview: (orderId: string, reason: string) =>
      repo.flagForReview(orderId, reason, clock()),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { OrderRow };
