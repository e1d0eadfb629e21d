import { QUARTER_HOUR_MS, UTC_DAY_MS } from './014-sales-totals.js';
import type { Migration } from './index.js';

/** Both running totals again from the orders, now per currency (the orders' lower-case code). */
const TOTALS_FROM_ORDERS = [
  `INSERT INTO sales_quarter_hours (starts_at, currency, revenue_cents, orders, refunded_cents)
      SELECT paid_at / ${QUARTER_HOUR_MS} * ${QUARTER_HOUR_MS}, currency,
        SUM(CASE WHEN status = 'paid' THEN amount_cents ELSE 0 END),
        SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END),
        SUM(CASE WHEN status = 'refunded' THEN amount_cents ELSE 0 END)
      FROM orders
      WHERE paid_at IS NOT NULL AND status IN ('paid', 'refunded')
      GROUP BY paid_at / ${QUARTER_HOUR_MS} * ${QUARTER_HOUR_MS}, currency`,
  `INSERT INTO sales_product_days (starts_at, product_id, currency, revenue_cents, orders)
      SELECT paid_at / ${UTC_DAY_MS} * ${UTC_DAY_MS}, product_id, currency, SUM(amount_cents),
        COUNT(*)
      FROM orders
      WHERE paid_at IS NOT NULL AND status = 'paid'
      GROUP BY paid_at / ${UTC_DAY_MS} * ${UTC_DAY_MS}, product_id, currency`,
];

/**
 * The running totals made again from the orders, as they are now (per currency): what the
 * benchmark runs after writing its orders straight into the database.
 */
export const SALES_TOTALS_BY_CURRENCY_FROM_ORDERS = [
  `DELETE FROM sales_quarter_hours`,
  `DELETE FROM sales_product_days`,
  ...TOTALS_FROM_ORDERS,
];

const tables = (integer: 'INTEGER' | 'BIGINT', withoutRowId: string) => [
  `DROP TABLE sales_quarter_hours`,
  `DROP TABLE sales_product_days`,
  `CREATE TABLE sales_quarter_hours (
    starts_at ${integer} NOT NULL,
    currency TEXT NOT NULL,
    revenue_cents ${integer} NOT NULL,
    orders ${integer} NOT NULL,
    refunded_cents ${integer} NOT NULL,
    PRIMARY KEY (currency, starts_at)
  )${withoutRowId}`,
  `CREATE TABLE sales_product_days (
    starts_at ${integer} NOT NULL,
    product_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    revenue_cents ${integer} NOT NULL,
    orders ${integer} NOT NULL,
    PRIMARY KEY (currency, starts_at, product_id)
  )${withoutRowId}`,
  ...TOTALS_FROM_ORDERS,
];

/**
 * The currency leads both keys: every read is one currency over a range of time, and with the
 * time first SQLite read a year of one currency through an automatic index on the currency
 * (1.4 s over three years of quarter hours, against 6 ms by the key).
 *
 * The sales overview's running totals (migration 014) per currency (decision 030): an order
 * keeps the currency it was paid in, and a store that changed STORE_CURRENCY must not add yen
 * to euros. The totals are derived from the orders, so both tables are made again with the
 * currency in their keys and filled from the orders (every order so far has one: `usd` unless
 * it says otherwise).
 */
export const m021SalesCurrencies: Migration = {
  name: '021-sales-currencies',
  statements: {
    sqlite: tables('INTEGER', ' WITHOUT ROWID'),
    postgres: tables('BIGINT', ''),
  },
};
