import type { OrderStatus } from '@bindery/shared';
import type { Db, Dialect } from '../../db/client.js';
import type { NewOrderRow, OrdersTable } from '../../db/types.js';
import { ORDER_TRANSITIONS, type OrderTransition } from './order-status.js';
import type { DocumentRecorder } from './order-documents.js';
import type { SalesRecorder } from './order-sales.js';

type OrderRow = OrdersTable;

/** The columns of an order its share of the sales totals depends on. */
const SALES_FACTS = [
  'status',
  'paidAt',
  'amountCents',
  'taxCents',
  'discountCents',
  'productId',
  'currency',
] as const;

/**
 * What a status change may write besides the status: the payment time and what the payment
 * charged (total, subtotal, tax, buyer) only with it.
 */
type StatusChanges = Partial<
  Pick<
    OrderRow,
    | 'paidAt'
    | 'paymentIntentId'
    | 'reviewReason'
    | 'disputeStatus'
    | 'refundId'
    | 'downloadsUsed'
    | PaymentCharge
  >
>;
/** The columns a payment fills in (decision 033). */
type PaymentCharge =
  | 'amountCents'
  | 'subtotalCents'
  | 'taxCents'
  | 'taxRate'
  | 'buyerName'
  | 'buyerCountry'
  | 'buyerTaxId';
type OrderChanges = Omit<StatusChanges, 'paidAt' | PaymentCharge>;

/**
 * The queries that write an order through its life: new, checkout attached, status moves with
 * their audit rows, sales totals and documents (`sales`, `documents`, in the same transaction),
 * flags, downloads used,
 * removal. `db` may be a transaction.
 */
export function orderLifecycleQueries(
  db: Db,
  dialect: Dialect,
  sales: SalesRecorder,
  documents: DocumentRecorder,
) {
  return {
    /**
     * Reads the order and, on PostgreSQL, locks its row until the transaction ends, so two
     * outcomes for one order (a refund racing its payment) run one after the other. SQLite
     * runs one write transaction at a time already.
     */
    lockOrder(id: string): Promise<OrderRow | undefined> {
      const query = db.selectFrom('orders').selectAll().where('id', '=', id);
      return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    ...paymentEventQueries(db),

    /**
     * Applies one transition of the state machine if the order is in one of its `from`
     * statuses, with its audit row; null when the order was elsewhere (nothing changed).
     */
    moveStatus: (
      orderId: string,
      transition: OrderTransition,
      reason: string,
      now: number,
      changes?: StatusChanges,
    ) => moveStatus(db, { sales, documents }, orderId, transition, reason, now, changes),

    ...downloadsUsedQueries(db),
    ...orderWriteQueries(db, sales),
  };
}

/** The provider events already applied, so a redelivery is recognised. */
function paymentEventQueries(db: Db) {
  return {
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
  };
}

/** The order's count of downloads (decision 017). */
function downloadsUsedQueries(db: Db) {
  return {
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
  };
}

/** New orders, their checkout, plain changes and removal. */
function orderWriteQueries(db: Db, sales: SalesRecorder) {
  return {
    async updateOrder(id: string, changes: OrderChanges, now: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ ...changes, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },
    /**
     * A new order; one written already paid (an import) counts in the sales totals too. Answers
     * the number the database gave it (migration 018).
     */
    async insertOrder(row: NewOrderRow): Promise<number> {
      await db.insertInto('orders').values(row).execute();
      await sales.recordSalesChange(undefined, row, db);
      const { orderNumber } = await db
        .selectFrom('orders')
        .select('orderNumber')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return Number(orderNumber);
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
  };
}

async function moveStatus(
  db: Db,
  { sales, documents }: { sales: SalesRecorder; documents: DocumentRecorder },
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
  await sales.recordSalesChange(current, updated, db);
  await documents.recordStatusChange(
    { orderId, productId: updated.productId, from: current.status, to, at: now },
    db,
  );
  await db
    .insertInto('orderTransitions')
    .values({ orderId, fromStatus: current.status, toStatus: to, reason, createdAt: now })
    .execute();
  return to;
}
