import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { OrdersTable } from '../../db/types.js';
import {
  listOrders,
  selectOrders,
  type ListFilter,
  type OrderKey,
  type OrderSort,
} from './order-list.repo.js';
import type { ProductSales, TimeRange } from './order-sales.js';

type OrderRow = OrdersTable;
export type { ListFilter, OrderKey, OrderMatch, OrderSort } from './order-list.repo.js';

/** The queries that find and list orders, written once for both databases; `db` may be a transaction. */
export function orderLookupQueries(db: Db, dialect: Dialect) {
  return {
    ...orderFindQueries(db),
    ...orderListQueries(db, dialect),
    paidSalesByProduct: (ranges: TimeRange[], currency: string) =>
      paidSalesByProduct(db, dialect, ranges, currency),
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
      price: {
        amountCents: number;
        currency: string;
        taxBehavior: OrderRow['taxBehavior'];
        discountCode: string | null;
      },
      provider: OrderRow['provider'],
      since: number,
    ): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('userId', '=', userId)
        .where('productId', '=', productId)
        .where('amountCents', '=', price.amountCents)
        .where('currency', '=', price.currency)
        .where((eb) =>
          price.taxBehavior === null
            ? eb('taxBehavior', 'is', null)
            : eb('taxBehavior', '=', price.taxBehavior),
        )
        .where((eb) =>
          price.discountCode === null
            ? eb('discountCode', 'is', null)
            : eb('discountCode', '=', price.discountCode),
        )
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
function orderListQueries(db: Db, dialect: Dialect) {
  return {
    /**
     * Newest first unless `sort` says otherwise (the id breaks ties, so pages never overlap);
     * `userId` limits the page to one buyer's orders.
     */
    listOrders: (filter: ListFilter, offset: number, limit: number, sort?: OrderSort) =>
      listOrders(db, dialect, filter, offset, limit, sort),

    /** Up to `limit` orders of the filter in `sort` order after `after`: an export's batches. */
    listOrdersAfter: (filter: ListFilter, limit: number, sort: OrderSort, after?: OrderKey) =>
      selectOrders(db, dialect, filter, { limit, after }, sort),

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

/**
 * Paid orders per product over `ranges` (the hours the overview's whole days leave out),
 * through the orders' sales index (migration 013). SQLite is told to use that index: left to
 * itself it walks the product index and reads every order of every product.
 */
async function paidSalesByProduct(
  db: Db,
  dialect: Dialect,
  ranges: TimeRange[],
  currency: string,
): Promise<ProductSales[]> {
  if (ranges.length === 0) return [];
  const orders = dialect === 'sqlite' ? sql`orders INDEXED BY orders_sales` : sql`orders`;
  const paid = sql.join(
    ranges.map(
      (range) =>
        sql`SELECT product_id, amount_cents - tax_cents AS net_cents FROM ${orders}
          WHERE status = 'paid' AND paid_at >= ${range.start} AND paid_at < ${range.end}
            AND currency = ${currency}`,
    ),
    sql` UNION ALL `,
  );
  const result = await sql<{
    productId: string;
    revenueCents: number | string;
    orderCount: number | string;
  }>`
    SELECT product_id, SUM(net_cents) AS revenue_cents, COUNT(*) AS order_count
    FROM (${paid}) AS paid
    GROUP BY product_id`.execute(db);
  return result.rows.map((row) => ({
    productId: row.productId,
    revenueCents: Number(row.revenueCents),
    orders: Number(row.orderCount),
  }));
}
