import type { Migration } from './index.js';

export const QUARTER_HOUR_MS = 15 * 60 * 1000;
export const UTC_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Recomputes both totals from the orders, as the tables were before migration 021 kept them per
 * currency (this migration's fill; a bulk import now runs 021's). Integer division on both
 * databases: `paid_at` and the bucket widths are integers.
 */
export const SALES_TOTALS_FROM_ORDERS = [
  `DELETE FROM sales_quarter_hours`,
  `DELETE FROM sales_product_days`,
  `INSERT INTO sales_quarter_hours (starts_at, revenue_cents, orders, refunded_cents)
      SELECT paid_at / ${QUARTER_HOUR_MS} * ${QUARTER_HOUR_MS},
        SUM(CASE WHEN status = 'paid' THEN amount_cents ELSE 0 END),
        SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END),
        SUM(CASE WHEN status = 'refunded' THEN amount_cents ELSE 0 END)
      FROM orders
      WHERE paid_at IS NOT NULL AND status IN ('paid', 'refunded')
      GROUP BY paid_at / ${QUARTER_HOUR_MS} * ${QUARTER_HOUR_MS}`,
  `INSERT INTO sales_product_days (starts_at, product_id, revenue_cents, orders)
      SELECT paid_at / ${UTC_DAY_MS} * ${UTC_DAY_MS}, product_id, SUM(amount_cents), COUNT(*)
      FROM orders
      WHERE paid_at IS NOT NULL AND status = 'paid'
      GROUP BY paid_at / ${UTC_DAY_MS} * ${UTC_DAY_MS}, product_id`,
];

/**
 * Running totals for the sales overview (decision 018), kept by the orders feature in the same
 * transaction as every change of an order's status, payment time or existence:
 *
 * - `sales_quarter_hours`: paid revenue, paid orders and refunded money per quarter hour of
 *   payment time (UTC). Every time zone's midnight falls on a quarter hour, so any store's
 *   calendar day is a whole number of these rows: a year is at most 35,040 of them, however many
 *   orders the store has.
 * - `sales_product_days`: paid revenue and orders per product per UTC day, for the best sellers;
 *   the part of a range that does not cover a whole UTC day is read from the orders themselves.
 *
 * Both are filled from the orders already there.
 */
export const m014SalesTotals: Migration = {
  name: '014-sales-totals',
  statements: {
    sqlite: [
      `CREATE TABLE sales_quarter_hours (
        starts_at INTEGER PRIMARY KEY,
        revenue_cents INTEGER NOT NULL,
        orders INTEGER NOT NULL,
        refunded_cents INTEGER NOT NULL
      )`,
      `CREATE TABLE sales_product_days (
        starts_at INTEGER NOT NULL,
        product_id TEXT NOT NULL,
        revenue_cents INTEGER NOT NULL,
        orders INTEGER NOT NULL,
        PRIMARY KEY (starts_at, product_id)
      ) WITHOUT ROWID`,
      ...SALES_TOTALS_FROM_ORDERS,
    ],
    postgres: [
      `CREATE TABLE sales_quarter_hours (
        starts_at BIGINT PRIMARY KEY,
        revenue_cents BIGINT NOT NULL,
        orders BIGINT NOT NULL,
        refunded_cents BIGINT NOT NULL
      )`,
      `CREATE TABLE sales_product_days (
        starts_at BIGINT NOT NULL,
        product_id TEXT NOT NULL,
        revenue_cents BIGINT NOT NULL,
        orders BIGINT NOT NULL,
        PRIMARY KEY (starts_at, product_id)
      )`,
      ...SALES_TOTALS_FROM_ORDERS,
    ],
  },
};
