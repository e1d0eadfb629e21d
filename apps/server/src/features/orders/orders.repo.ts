import type { OrderSortField, OrderStatus, SortOrder } from '@bindery/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../../db/client.js';
import type { Database, OrdersTable, UnmatchedPaymentsTable } from '../../db/types.js';
import { ORDER_TRANSITIONS, type OrderTransition } from './order-status.js';
import { salesTotalsQueries } from './sales-totals.js';

/** The columns of an order its share of the sales totals depends on. */
const SALES_FACTS = ['status', 'paidAt', 'amountCents', 'productId'] as const;

export type OrderRow = OrdersTable;
export type UnmatchedPaymentRow = UnmatchedPaymentsTable;

/** What a status change may write besides the status: the payment time only with it. */
type StatusChanges = Partial<
  Pick<
    OrderRow,
    'paidAt' | 'paymentIntentId' | 'reviewReason' | 'disputeStatus' | 'refundId' | 'downloadsUsed'
  >
>;
type OrderChanges = Omit<StatusChanges, 'paidAt'>;

/**
 * `needsReview`: orders that need the owner, flagged for review or disputed right now.
 * `hideCanceledCheckouts`: leaves out canceled orders, unless a payment arrived for one after
 * all (flagged for review), which the buyer must still see.
 * `hideRemoved`: leaves out the orders the owner removed from the admin list (see `isListed`).
 */
type ListFilter = {
  userId?: string;
  needsReview?: boolean;
  hideCanceledCheckouts?: boolean;
  hideRemoved?: boolean;
};

/**
 * The admin list's orders: any the owner did not remove, and any removed one that may no longer
 * be (paid again, flagged, disputed): `isRemovedByOwner` in order-removal.ts, in SQL.
 */
const isListed = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([
    eb('hiddenAt', 'is', null),
    eb('status', 'not in', ['refunded', 'canceled']),
    eb('reviewReason', 'is not', null),
    eb('disputeStatus', 'in', ['open', 'lost']),
  ]);

/** The admin table's order: a column of the orders table and a direction. */
export interface OrderSort {
  field: OrderSortField;
  order: SortOrder;
}

/** Every query of the orders feature, plus `transaction()` to run several as one. */
export function createOrdersRepo(db: Kysely<Database>, dialect: Dialect) {
  return {
    ...orderQueries(db, dialect),
    /**
     * Runs `work` in one transaction: `tx` holds the same queries bound to it, and `trx` is the
     * transaction itself, for another feature's service to join (the email an order sends).
     */
    transaction<T>(work: (tx: OrderQueries, trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(orderQueries(trx, dialect), trx));
    },
    /** The same queries inside another feature's transaction. */
    within: (trx: Kysely<Database>): OrderQueries => orderQueries(trx, dialect),
  };
}

/** The queries of the orders feature, written once for both databases; `db` may be a transaction. */
function orderQueries(db: Kysely<Database>, dialect: Dialect) {
  const totals = salesTotalsQueries(db, dialect);
  return {
    salesByDay: totals.salesByDay,
    refundedBetween: totals.refundedBetween,
    topProductsBetween: totals.topProductsBetween,
    /**
     * Reads the order and, on PostgreSQL, locks its row until the transaction ends, so two
     * outcomes for one order (a refund racing its payment) run one after the other. SQLite
     * runs one write transaction at a time already.
     */
    lockOrder(id: string): Promise<OrderRow | undefined> {
      const query = db.selectFrom('orders').selectAll().where('id', '=', id);
      return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    /** Records a provider event id; false when it was recorded before (a redelivery). */
    async recordEvent(event: {
      id: string;
      orderId: string;
      type: string;
      createdAt: number;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('paymentEvents')
        .values(event)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async hasEvent(orderId: string, type: string): Promise<boolean> {
      const row = await db
        .selectFrom('paymentEvents')
        .select('id')
        .where('orderId', '=', orderId)
        .where('type', '=', type)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Applies one transition of the state machine if the order is in one of its `from`
     * statuses, with its audit row; null when the order was elsewhere (nothing changed).
     */
    async moveStatus(
      orderId: string,
      transition: OrderTransition,
      reason: string,
      now: number,
      changes: StatusChanges = {},
    ): Promise<OrderStatus | null> {
      const { from, to } = ORDER_TRANSITIONS[transition];
      const current = await db
        .selectFrom('orders')
        .select(SALES_FACTS)
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!current || !(from as readonly OrderStatus[]).includes(current.status)) return null;
      const updated = await db
        .updateTable('orders')
        .set({ status: to, updatedAt: now, ...changes })
        .where('id', '=', orderId)
        .where('status', '=', current.status)
        .returning(SALES_FACTS)
        .executeTakeFirst();
      if (!updated) return null;
      await totals.recordSalesChange(current, updated);
      await db
        .insertInto('orderTransitions')
        .values({ orderId, fromStatus: current.status, toStatus: to, reason, createdAt: now })
        .execute();
      return to;
    },

    async updateOrder(id: string, changes: OrderChanges, now: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ ...changes, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    /** The order's count of downloads (decision 017), read in the caller's transaction. */
    async readDownloadsUsed(orderId: string): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select('downloadsUsed')
        .where('id', '=', orderId)
        .executeTakeFirst();
      return row?.downloadsUsed ?? 0;
    },

    async addDownloadsUsed(orderId: string, count: number): Promise<void> {
      await db
        .updateTable('orders')
        .set((eb) => ({ downloadsUsed: eb('downloadsUsed', '+', count) }))
        .where('id', '=', orderId)
        .execute();
    },

    /** A new order; one written already paid (an import) counts in the sales totals too. */
    async insertOrder(row: OrderRow): Promise<void> {
      await db.insertInto('orders').values(row).execute();
      await totals.recordSalesChange(undefined, row);
    },

    findOrder(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The caller's order only: another user's reads exactly like one that does not exist. */
    findOrderOfUser(id: string, userId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    findOrderBySession(providerSessionId: string, userId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('providerSessionId', '=', providerSessionId)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The buyer's newest paid order for a product whose downloads are not paused by an open
     * dispute: what makes the product theirs.
     */
    findOwningOrder(userId: string, productId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('userId', '=', userId)
        .where('productId', '=', productId)
        .where('status', '=', 'paid')
        .where((eb) => eb.or([eb('disputeStatus', 'is', null), eb('disputeStatus', '!=', 'open')]))
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** The order a provider's payment belongs to, for events that name only the payment. */
    async findOrderIdByPaymentIntent(paymentIntentId: string): Promise<string | null> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('paymentIntentId', '=', paymentIntentId)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** The buyer's newest pending order for this product at this price since `since`. */
    findPendingOrder(
      userId: string,
      productId: string,
      amountCents: number,
      provider: OrderRow['provider'],
      since: number,
    ): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('userId', '=', userId)
        .where('productId', '=', productId)
        .where('amountCents', '=', amountCents)
        .where('provider', '=', provider)
        .where('status', '=', 'pending')
        .where('reviewReason', 'is', null)
        .where('createdAt', '>', since)
        .orderBy('createdAt', 'desc')
        .executeTakeFirst();
    },

    async setCheckoutSession(
      id: string,
      session: { id: string; url: string; expiresAt: number; fingerprint: string },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('orders')
        .set({
          providerSessionId: session.id,
          providerSessionUrl: session.url,
          providerSessionExpiresAt: session.expiresAt,
          checkoutFingerprint: session.fingerprint,
          updatedAt: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Newest first unless `sort` says otherwise (the id breaks ties, so pages never overlap);
     * `userId` limits the page to one buyer's orders.
     */
    async listOrders(
      filter: ListFilter,
      offset: number,
      limit: number,
      sort: OrderSort = { field: 'createdAt', order: 'desc' },
    ): Promise<{ rows: OrderRow[]; total: number }> {
      let rows = db.selectFrom('orders').selectAll();
      let count = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('total'));
      if (filter.userId !== undefined) {
        rows = rows.where('userId', '=', filter.userId);
        count = count.where('userId', '=', filter.userId);
      }
      if (filter.hideCanceledCheckouts) {
        rows = rows.where((eb) =>
          eb.or([eb('status', '!=', 'canceled'), eb('reviewReason', 'is not', null)]),
        );
        count = count.where((eb) =>
          eb.or([eb('status', '!=', 'canceled'), eb('reviewReason', 'is not', null)]),
        );
      }
      if (filter.hideRemoved) {
        rows = rows.where(isListed);
        count = count.where(isListed);
      }
      if (filter.needsReview) {
        rows = rows.where((eb) =>
          eb.or([eb('reviewReason', 'is not', null), eb('disputeStatus', '=', 'open')]),
        );
        count = count.where((eb) =>
          eb.or([eb('reviewReason', 'is not', null), eb('disputeStatus', '=', 'open')]),
        );
      }
      const [page, total] = await Promise.all([
        rows
          .orderBy(sort.field, sort.order)
          .orderBy('id', sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows: page, total: Number(total.total) };
    },

    /**
     * Pending orders whose checkout should have ended by `cutoff`, oldest first, that `provider`
     * can answer for (or that never got a checkout). Orders flagged for review wait for a person.
     */
    listPendingToReconcile(
      cutoff: number,
      provider: OrderRow['provider'],
      limit: number,
    ): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('status', '=', 'pending')
        .where('reviewReason', 'is', null)
        .where('createdAt', '<=', cutoff)
        .where((eb) => eb.or([eb('provider', '=', provider), eb('providerSessionId', 'is', null)]))
        .orderBy('createdAt')
        .limit(limit)
        .execute();
    },

    /** Pending orders of a product with a checkout that may still be open. */
    listOpenCheckoutsOfProduct(productId: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('productId', '=', productId)
        .where('status', '=', 'pending')
        .where('providerSessionId', 'is not', null)
        .execute();
    },

    /**
     * Whether a product must be kept for its buyers: any order that holds money or may still
     * (paid, refunded, pending, or flagged for review).
     */
    async hasOrdersToHonour(productId: string): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('productId', '=', productId)
        .where((eb) => eb.or([eb('status', '!=', 'canceled'), eb('reviewReason', 'is not', null)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Deletes a checkout that took no money (pending or canceled, not flagged) with its history.
     * Such an order never counted in the sales totals, so they stay as they are. Call it inside
     * `transaction()` after `lockOrder`.
     */
    async deleteUnpaidOrder(id: string): Promise<void> {
      await db
        .deleteFrom('orders')
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'canceled'])
        .where('reviewReason', 'is', null)
        .execute();
    },

    /** Takes an order off the admin list; its row, history and sales totals stay. */
    async hideOrder(id: string, now: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ hiddenAt: now, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    /** Keeps a payment for an unknown order once per id; false when it was kept before. */
    async recordUnmatchedPayment(row: UnmatchedPaymentRow): Promise<boolean> {
      const inserted = await db
        .insertInto('unmatchedPayments')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    listUnmatchedPayments(limit: number): Promise<UnmatchedPaymentRow[]> {
      return db
        .selectFrom('unmatchedPayments')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
