import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/client.js';
import { QUARTER_HOUR_MS, UTC_DAY_MS } from '../../db/migrations/014-sales-totals.js';
import type { Database, OrdersTable } from '../../db/types.js';

/** What of an order the sales totals depend on. */
export type SalesFacts = Pick<OrdersTable, 'status' | 'paidAt' | 'amountCents' | 'productId'>;

/** One calendar day of the sales overview: its date and its [start, end) in milliseconds. */
export interface SalesDayRange {
  date: string;
  start: number;
  end: number;
}

interface QuarterDelta {
  revenueCents: number;
  orders: number;
  refundedCents: number;
}

interface ProductDayDelta {
  startsAt: number;
  productId: string;
  revenueCents: number;
  orders: number;
}

/**
 * The sales overview's running totals (migration 014, decision 018): written with every change
 * of an order's status or payment time, read by the overview instead of the orders themselves,
 * so a year costs the same at ten orders as at ten million. `db` may be a transaction, and must
 * be the one that changes the order.
 */
export function salesTotalsQueries(db: Kysely<Database>, dialect: Dialect) {
  return {
    /**
     * Moves an order's share of the totals from what it was (`before`; undefined when the order
     * is new) to what it is (`after`). Deleting or hiding an order never comes here: the
     * overview is history (decision 009, "Deleting an order"). The rows are written in
     * one order, quarter hours then product days, each ascending, so two transactions never
     * wait on each other in a circle.
     */
    async recordSalesChange(before: SalesFacts | undefined, after: SalesFacts): Promise<void> {
      const quarters = new Map<number, QuarterDelta>();
      const productDays = new Map<string, ProductDayDelta>();
      const add = (facts: SalesFacts | undefined, sign: 1 | -1) => {
        if (!facts || facts.paidAt === null) return;
        if (facts.status !== 'paid' && facts.status !== 'refunded') return;
        const quarterStart = Math.floor(facts.paidAt / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
        const quarter = quarters.get(quarterStart) ?? {
          revenueCents: 0,
          orders: 0,
          refundedCents: 0,
        };
        quarters.set(quarterStart, quarter);
        if (facts.status === 'refunded') {
          quarter.refundedCents += sign * facts.amountCents;
          return;
        }
        quarter.revenueCents += sign * facts.amountCents;
        quarter.orders += sign;
        const dayStart = Math.floor(facts.paidAt / UTC_DAY_MS) * UTC_DAY_MS;
        const key = `${String(dayStart).padStart(16, '0')} ${facts.productId}`;
        const day = productDays.get(key) ?? {
          startsAt: dayStart,
          productId: facts.productId,
          revenueCents: 0,
          orders: 0,
        };
        productDays.set(key, day);
        day.revenueCents += sign * facts.amountCents;
        day.orders += sign;
      };
      add(before, -1);
      add(after, 1);

      for (const [startsAt, delta] of [...quarters].sort(([a], [b]) => a - b)) {
        if (delta.revenueCents === 0 && delta.orders === 0 && delta.refundedCents === 0) continue;
        await db
          .insertInto('salesQuarterHours')
          .values({ startsAt, ...delta })
          .onConflict((oc) =>
            oc.column('startsAt').doUpdateSet((eb) => ({
              revenueCents: eb(
                'salesQuarterHours.revenueCents',
                '+',
                eb.ref('excluded.revenueCents'),
              ),
              orders: eb('salesQuarterHours.orders', '+', eb.ref('excluded.orders')),
              refundedCents: eb(
                'salesQuarterHours.refundedCents',
                '+',
                eb.ref('excluded.refundedCents'),
              ),
            })),
          )
          .execute();
      }
      const sortedDays = [...productDays].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [, delta] of sortedDays) {
        if (delta.revenueCents === 0 && delta.orders === 0) continue;
        await db
          .insertInto('salesProductDays')
          .values(delta)
          .onConflict((oc) =>
            oc.columns(['startsAt', 'productId']).doUpdateSet((eb) => ({
              revenueCents: eb(
                'salesProductDays.revenueCents',
                '+',
                eb.ref('excluded.revenueCents'),
              ),
              orders: eb('salesProductDays.orders', '+', eb.ref('excluded.orders')),
            })),
          )
          .execute();
      }
    },

    /**
     * Revenue and paid orders per day, every day listed (zero days too), in one statement: each
     * day is a range of quarter hours, at most 100 rows read per day.
     */
    async salesByDay(
      days: SalesDayRange[],
    ): Promise<Array<{ date: string; revenueCents: number; orders: number }>> {
      const ranges = sql.join(
        days.map(
          (day) => sql`(${day.date}, CAST(${day.start} AS BIGINT), CAST(${day.end} AS BIGINT))`,
        ),
      );
      const result = await sql<{
        date: string;
        revenueCents: number | string;
        orderCount: number | string;
      }>`
        WITH day_ranges (day, start_ms, end_ms) AS (VALUES ${ranges})
        SELECT day_ranges.day AS date,
          COALESCE(SUM(totals.revenue_cents), 0) AS revenue_cents,
          COALESCE(SUM(totals.orders), 0) AS order_count
        FROM day_ranges
        LEFT JOIN sales_quarter_hours AS totals
          ON totals.starts_at >= day_ranges.start_ms AND totals.starts_at < day_ranges.end_ms
        GROUP BY day_ranges.day
        ORDER BY day_ranges.day`.execute(db);
      return result.rows.map((row) => ({
        date: row.date,
        revenueCents: Number(row.revenueCents),
        orders: Number(row.orderCount),
      }));
    },

    /** What orders paid in the range and refunded since gave back. */
    async refundedBetween(start: number, end: number): Promise<number> {
      const row = await db
        .selectFrom('salesQuarterHours')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refundedCents'), eb.lit(0)).as('cents'))
        .where('startsAt', '>=', start)
        .where('startsAt', '<', end)
        .executeTakeFirstOrThrow();
      return Number(row.cents);
    },

    /**
     * The best-selling products of a range by revenue (ties by id, so the order is stable): the
     * whole UTC days inside the range from the per-product days, the hours before the first and
     * after the last from the orders' sales index (migration 013). SQLite is told to use that
     * index: left to itself it walks the product index and reads every order of every product.
     * A product whose sales were all refunded keeps rows of zeros: it is left out.
     */
    async topProductsBetween(start: number, end: number, limit: number) {
      const firstDay = Math.ceil(start / UTC_DAY_MS) * UTC_DAY_MS;
      const lastDay = Math.floor(end / UTC_DAY_MS) * UTC_DAY_MS;
      const orders = dialect === 'sqlite' ? sql`orders INDEXED BY orders_sales` : sql`orders`;
      const paidBetween = (from: number, to: number) =>
        sql`SELECT product_id, amount_cents AS revenue_cents, 1 AS orders FROM ${orders}
          WHERE status = 'paid' AND paid_at >= ${from} AND paid_at < ${to}`;
      const parts =
        firstDay < lastDay
          ? sql`SELECT product_id, revenue_cents, orders FROM sales_product_days
                WHERE starts_at >= ${firstDay} AND starts_at < ${lastDay}
              UNION ALL ${paidBetween(start, firstDay)}
              UNION ALL ${paidBetween(lastDay, end)}`
          : paidBetween(start, end);
      const result = await sql<{
        productId: string;
        revenueCents: number | string;
        orderCount: number | string;
      }>`
        SELECT product_id, SUM(revenue_cents) AS revenue_cents, SUM(orders) AS order_count
        FROM (${parts}) AS sales
        GROUP BY product_id
        HAVING SUM(orders) > 0
        ORDER BY revenue_cents DESC, product_id
        LIMIT ${limit}`.execute(db);
      return result.rows.map((row) => ({
        productId: row.productId,
        revenueCents: Number(row.revenueCents),
        orders: Number(row.orderCount),
      }));
    },
  };
}
