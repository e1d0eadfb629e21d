import type { OrderSortField, SortOrder } from '@bindery/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { Database, OrdersTable } from '../../db/types.js';
import type { ProductSales, TimeRange } from './order-sales.js';

type OrderRow = OrdersTable;

/**
 * `needsReview`: orders that need the owner, flagged for review or disputed right now.
 * `hideCanceledCheckouts`: leaves out canceled orders, unless a payment arrived for one after
 * all (flagged for review), which the buyer must still see.
 * `hideRemoved`: leaves out the orders the owner removed from the admin list (see `isListed`).
 */
export type ListFilter = {
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

/** The queries that find and list orders, written once for both databases; `db` may be a transaction. */
export function orderLookupQueries(db: Db, dialect: Dialect) {
  return {
    ...orderFindQueries(db),
    ...orderListQueries(db),
    paidSalesByProduct: (ranges: TimeRange[]) => paidSalesByProduct(db, dialect, ranges),
  };
}

/** One order, found by its id, its session, its buyer or its payment. */
function orderFindQueries(db: Db) {
  return {
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
  };
}

/** Pages and sets of orders. */
function orderListQueries(db: Db) {
  return {
    /**
     * Newest first unless `sort` says otherwise (the id breaks ties, so pages never overlap);
     * `userId` limits the page to one buyer's orders.
     */
    listOrders: (filter: ListFilter, offset: number, limit: number, sort?: OrderSort) =>
      listOrders(db, filter, offset, limit, sort),

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
  };
}

async function listOrders(
  db: Db,
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
}

/**
 * Paid orders per product over `ranges` (the hours the overview's whole days leave out),
 * through the orders' sales index (migration 013). SQLite is told to use that index: left to
 * itself it walks the product index and reads every order of every product.
 */
async function paidSalesByProduct(
  db: Db,
  dialect: Dialect,
  ranges: TimeRange[],
): Promise<ProductSales[]> {
  if (ranges.length === 0) return [];
  const orders = dialect === 'sqlite' ? sql`orders INDEXED BY orders_sales` : sql`orders`;
  const paid = sql.join(
    ranges.map(
      (range) =>
        sql`SELECT product_id, amount_cents FROM ${orders}
          WHERE status = 'paid' AND paid_at >= ${range.start} AND paid_at < ${range.end}`,
    ),
    sql` UNION ALL `,
  );
  const result = await sql<{
    productId: string;
    revenueCents: number | string;
    orderCount: number | string;
  }>`
    SELECT product_id, SUM(amount_cents) AS revenue_cents, COUNT(*) AS order_count
    FROM (${paid}) AS paid
    GROUP BY product_id`.execute(db);
  return result.rows.map((row) => ({
    productId: row.productId,
    revenueCents: Number(row.revenueCents),
    orders: Number(row.orderCount),
  }));
}
