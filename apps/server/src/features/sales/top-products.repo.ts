import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import { UTC_DAY_MS } from '../../db/migrations/014-sales-totals.js';
import type { ProductSales, TimeRange } from '../orders/index.js';

/**
 * The whole UTC days inside a range, which the per-product days answer for, and the hours
 * before the first and after the last, which only the orders can.
 */
export function splitAtUtcDays(start: number, end: number) {
  const firstDay = Math.ceil(start / UTC_DAY_MS) * UTC_DAY_MS;
  const lastDay = Math.floor(end / UTC_DAY_MS) * UTC_DAY_MS;
  if (firstDay >= lastDay) return { days: null, hours: [{ start, end }] };
  const days: TimeRange = { start: firstDay, end: lastDay };
  return {
    days,
    hours: [
      { start, end: firstDay },
      { start: lastDay, end },
    ],
  };
}

/**
 * The best-selling products of a range in one currency, by revenue (ties by id, so the order is
 * stable): the whole UTC days inside the range from the per-product days, plus `hours`, the
 * orders paid before the first and after the last, in one statement. A product whose sales were
 * all refunded keeps rows of zeros: it is left out.
 */
export async function topProductsBetween(
  db: Db,
  dialect: Dialect,
  {
    start,
    end,
    currency,
    limit,
    hours,
  }: { start: number; end: number; currency: string; limit: number; hours: ProductSales[] },
) {
  const { days } = splitAtUtcDays(start, end);
  const parts = [
    ...(days
      ? [
          sql`SELECT product_id, revenue_cents, orders FROM sales_product_days
            WHERE starts_at >= ${days.start} AND starts_at < ${days.end}
              AND currency = ${currency}`,
        ]
      : []),
    ...(hours.length > 0 ? [productSalesRows(hours, dialect)] : []),
  ];
  if (parts.length === 0) return [];
  const result = await sql<{
    productId: string;
    revenueCents: number | string;
    orderCount: number | string;
  }>`
    SELECT product_id, SUM(revenue_cents) AS revenue_cents, SUM(orders) AS order_count
    FROM (${sql.join(parts, sql` UNION ALL `)}) AS sales
    GROUP BY product_id
    HAVING SUM(orders) > 0
    ORDER BY revenue_cents DESC, product_id
    LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => ({
    productId: row.productId,
    revenueCents: Number(row.revenueCents),
    orders: Number(row.orderCount),
  }));
}

/**
 * Figures handed in, as rows of the statement: one JSON parameter, however many products, so
 * no database's limit on parameters is reached.
 */
function productSalesRows(rows: ProductSales[], dialect: Dialect) {
  const json = JSON.stringify(rows.map((row) => [row.productId, row.revenueCents, row.orders]));
  return dialect === 'postgres'
    ? sql`SELECT value->>0 AS product_id, CAST(value->>1 AS BIGINT) AS revenue_cents,
          CAST(value->>2 AS BIGINT) AS orders FROM json_array_elements(CAST(${json} AS json))`
    : sql`SELECT json_extract(value, '$[0]') AS product_id,
          json_extract(value, '$[1]') AS revenue_cents, json_extract(value, '$[2]') AS orders
          FROM json_each(${json})`;
}
