import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import { QUARTER_HOUR_MS, UTC_DAY_MS } from '../../db/migrations/014-sales-totals.js';
import type { ProductSales, SalesFacts } from '../orders/index.js';
import { topProductsBetween } from './top-products.repo.js';

/** The totals' code of the specification's currency, USD (they keep the orders' lower case). */
const SPECIFICATION_CURRENCY = 'usd';

/** One calendar day of the sales overview: its date and its [start, end) in milliseconds. */
export interface SalesDayRange {
  date: string;
  start: number;
  end: number;
}

interface QuarterDelta {
  startsAt: number;
  currency: string;
  revenueCents: number;
  orders: number;
  refundedCents: number;
  taxCents: number;
  discountCents: number;
}

interface ProductDayDelta {
  startsAt: number;
  productId: string;
  currency: string;
  revenueCents: number;
  orders: number;
}

/** The sales feature's own tables, plus `within()` to write in an order's transaction. */
export function createSalesRepo(db: Db, dialect: Dialect) {
  return {
    ...salesTotalsQueries(db, dialect),
    within: (trx: Db) => salesTotalsQueries(trx, dialect),
  };
}

/**
 * The sales overview's running totals (migration 014, decision 018): written with every change
 * of an order's status or payment time, read by the overview instead of the orders themselves,
 * so a year costs the same at ten orders as at ten million. To record a change, `db` must be
 * the transaction that changes the order.
 */
function salesTotalsQueries(db: Db, dialect: Dialect) {
  return {
    /**
     * Moves an order's share of the totals from what it was (`before`; undefined when the order
     * is new) to what it is (`after`). Deleting or hiding an order never comes here: the
     * overview is history (decision 009, "Deleting an order"). The rows are written in
     * one order, quarter hours then product days, each ascending, so two transactions never
     * wait on each other in a circle.
     */
    recordSalesChange: (before: SalesFacts | undefined, after: SalesFacts) =>
      recordSalesChange(db, before, after),

    /**
     * Revenue and paid orders in one currency (lower case) per day, every day listed (zero days
     * too), in one statement: each day is a range of quarter hours, at most 100 rows read per day.
     */
    async salesByDay(
      days: SalesDayRange[],
      currency: string,
    ): Promise<Array<{ date: string; revenueCents: number; taxCents: number; orders: number }>> {
      const ranges = sql.join(
        days.map(
          (day) => sql`(${day.date}, CAST(${day.start} AS BIGINT), CAST(${day.end} AS BIGINT))`,
        ),
      );
      const result = await sql<{
        date: string;
        revenueCents: number | string;
        taxCents: number | string;
        orderCount: number | string;
      }>`
        WITH day_ranges (day, start_ms, end_ms) AS (VALUES ${ranges})
        SELECT day_ranges.day AS date,
          COALESCE(SUM(totals.revenue_cents), 0) AS revenue_cents,
          COALESCE(SUM(totals.tax_cents), 0) AS tax_cents,
          COALESCE(SUM(totals.orders), 0) AS order_count
        FROM day_ranges
        LEFT JOIN sales_quarter_hours AS totals
          ON totals.starts_at >= day_ranges.start_ms AND totals.starts_at < day_ranges.end_ms
          AND totals.currency = ${currency}
        GROUP BY day_ranges.day
        ORDER BY day_ranges.day`.execute(db);
      return result.rows.map((row) => ({
        date: row.date,
        revenueCents: Number(row.revenueCents),
        taxCents: Number(row.taxCents),
        orders: Number(row.orderCount),
      }));
    },

    /**
     * Revenue, paid orders and refunds of the range per currency (lower case), for every
     * currency with any: what orders paid in the range and refunded since gave back included.
     */
    async totalsByCurrency(start: number, end: number) {
      const rows = await db
        .selectFrom('salesQuarterHours')
        .select((eb) => [
          'currency',
          eb.fn.sum<number | string>('revenueCents').as('revenueCents'),
          eb.fn.sum<number | string>('orders').as('orders'),
          eb.fn.sum<number | string>('refundedCents').as('refundedCents'),
          eb.fn.sum<number | string>('taxCents').as('taxCents'),
          eb.fn.sum<number | string>('discountCents').as('discountCents'),
        ])
        .where('startsAt', '>=', start)
        .where('startsAt', '<', end)
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      return rows.map(currencyTotalsOf).filter(hasAny);
    },

    /**
     * The best-selling products of a range by revenue (ties by id, so the order is stable): the
     * whole UTC days inside the range from the per-product days, plus `hours`, the orders paid
     * before the first and after the last (the orders feature has them), in one statement. A
     * product whose sales were all refunded keeps rows of zeros: it is left out.
     */
    topProductsBetween: (
      start: number,
      end: number,
      limit: number,
      hours: ProductSales[] = [],
      currency = SPECIFICATION_CURRENCY,
    ) => topProductsBetween(db, dialect, { start, end, currency, limit, hours }),

    /** What orders paid in the range, in one currency, and refunded since gave back. */
    async refundedBetween(start: number, end: number, currency = SPECIFICATION_CURRENCY) {
      const row = await db
        .selectFrom('salesQuarterHours')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refundedCents'), eb.lit(0)).as('cents'))
        .where('startsAt', '>=', start)
        .where('startsAt', '<', end)
        .where('currency', '=', currency)
        .executeTakeFirstOrThrow();
      return Number(row.cents);
    },
  };
}

/** One currency's row of the totals, as numbers (PostgreSQL sums come back as text). */
const currencyTotalsOf = (
  row: Record<
    'revenueCents' | 'orders' | 'refundedCents' | 'taxCents' | 'discountCents',
    number | string
  > & {
    currency: string;
  },
) => ({
  currency: row.currency,
  revenueCents: Number(row.revenueCents),
  orders: Number(row.orders),
  refundedCents: Number(row.refundedCents),
  taxCents: Number(row.taxCents),
  discountCents: Number(row.discountCents),
});

const hasAny = (row: ReturnType<typeof currencyTotalsOf>) =>
  row.orders !== 0 || row.revenueCents !== 0 || row.refundedCents !== 0;

async function recordSalesChange(
  db: Db,
  before: SalesFacts | undefined,
  after: SalesFacts,
): Promise<void> {
  const { quarters, productDays } = salesDeltas(before, after);
  await addToQuarterHours(db, quarters);
  await addToProductDays(db, productDays);
}

/** What the change moves, per quarter hour and per product day (`before` counted out). */
function salesDeltas(before: SalesFacts | undefined, after: SalesFacts) {
  const quarters = new Map<string, QuarterDelta>();
  const productDays = new Map<string, ProductDayDelta>();
  const add = (facts: SalesFacts | undefined, sign: 1 | -1) => {
    if (!facts || facts.paidAt === null) return;
    if (facts.status !== 'paid' && facts.status !== 'refunded') return;
    const quarterStart = Math.floor(facts.paidAt / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    const quarterKey = `${String(quarterStart).padStart(16, '0')} ${facts.currency}`;
    const quarter = quarters.get(quarterKey) ?? {
      startsAt: quarterStart,
      currency: facts.currency,
      revenueCents: 0,
      orders: 0,
      refundedCents: 0,
      taxCents: 0,
      discountCents: 0,
    };
    quarters.set(quarterKey, quarter);
    // A refund gives the whole total back: it leaves revenue and tax (decision 033).
    if (facts.status === 'refunded') {
      quarter.refundedCents += sign * facts.amountCents;
      return;
    }
    const netCents = facts.amountCents - facts.taxCents;
    quarter.revenueCents += sign * netCents;
    quarter.taxCents += sign * facts.taxCents;
    quarter.discountCents += sign * facts.discountCents;
    quarter.orders += sign;
    const dayStart = Math.floor(facts.paidAt / UTC_DAY_MS) * UTC_DAY_MS;
    const key = `${String(dayStart).padStart(16, '0')} ${facts.productId} ${facts.currency}`;
    const day = productDays.get(key) ?? {
      startsAt: dayStart,
      productId: facts.productId,
      currency: facts.currency,
      revenueCents: 0,
      orders: 0,
    };
    productDays.set(key, day);
    day.revenueCents += sign * netCents;
    day.orders += sign;
  };
  add(before, -1);
  add(after, 1);
  return { quarters, productDays };
}

async function addToQuarterHours(db: Db, quarters: Map<string, QuarterDelta>): Promise<void> {
  const sorted = [...quarters].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, delta] of sorted) {
    const isEmpty =
      delta.revenueCents === 0 &&
      delta.orders === 0 &&
      delta.refundedCents === 0 &&
      delta.taxCents === 0 &&
      delta.discountCents === 0;
    if (isEmpty) continue;
    await db
      .insertInto('salesQuarterHours')
      .values(delta)
      .onConflict((oc) =>
        oc.columns(['startsAt', 'currency']).doUpdateSet((eb) => ({
          revenueCents: eb('salesQuarterHours.revenueCents', '+', eb.ref('excluded.revenueCents')),
          orders: eb('salesQuarterHours.orders', '+', eb.ref('excluded.orders')),
          refundedCents: eb(
            'salesQuarterHours.refundedCents',
            '+',
            eb.ref('excluded.refundedCents'),
          ),
          taxCents: eb('salesQuarterHours.taxCents', '+', eb.ref('excluded.taxCents')),
          discountCents: eb(
            'salesQuarterHours.discountCents',
            '+',
            eb.ref('excluded.discountCents'),
          ),
        })),
      )
      .execute();
  }
}

async function addToProductDays(db: Db, productDays: Map<string, ProductDayDelta>): Promise<void> {
  const sortedDays = [...productDays].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, delta] of sortedDays) {
    if (delta.revenueCents === 0 && delta.orders === 0) continue;
    await db
      .insertInto('salesProductDays')
      .values(delta)
      .onConflict((oc) =>
        oc.columns(['startsAt', 'productId', 'currency']).doUpdateSet((eb) => ({
          revenueCents: eb('salesProductDays.revenueCents', '+', eb.ref('excluded.revenueCents')),
          orders: eb('salesProductDays.orders', '+', eb.ref('excluded.orders')),
        })),
      )
      .execute();
  }
}

export type SalesRepo = ReturnType<typeof createSalesRepo>;
