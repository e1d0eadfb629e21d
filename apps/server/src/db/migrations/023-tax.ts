import { QUARTER_HOUR_MS, UTC_DAY_MS } from './014-sales-totals.js';
import type { Migration } from './index.js';

/**
 * Both running totals again from the orders, as they are since this migration: revenue net of
 * tax, and the tax collected beside it (decision 033). What the benchmark runs after writing its
 * orders straight into the database.
 */
export const SALES_TOTALS_WITH_TAX_FROM_ORDERS = [
  `DELETE FROM sales_quarter_hours`,
  `DELETE FROM sales_product_days`,
  `INSERT INTO sales_quarter_hours
      (starts_at, currency, revenue_cents, orders, refunded_cents, tax_cents)
      SELECT paid_at / ${QUARTER_HOUR_MS} * ${QUARTER_HOUR_MS}, currency,
        SUM(CASE WHEN status = 'paid' THEN amount_cents - tax_cents ELSE 0 END),
        SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END),
        SUM(CASE WHEN status = 'refunded' THEN amount_cents ELSE 0 END),
        SUM(CASE WHEN status = 'paid' THEN tax_cents ELSE 0 END)
      FROM orders
      WHERE paid_at IS NOT NULL AND status IN ('paid', 'refunded')
      GROUP BY paid_at / ${QUARTER_HOUR_MS} * ${QUARTER_HOUR_MS}, currency`,
  `INSERT INTO sales_product_days (starts_at, product_id, currency, revenue_cents, orders)
      SELECT paid_at / ${UTC_DAY_MS} * ${UTC_DAY_MS}, product_id, currency,
        SUM(amount_cents - tax_cents), COUNT(*)
      FROM orders
      WHERE paid_at IS NOT NULL AND status = 'paid'
      GROUP BY paid_at / ${UTC_DAY_MS} * ${UTC_DAY_MS}, product_id, currency`,
];

const statements = (integer: 'INTEGER' | 'BIGINT') => [
  // What the order was sold for before tax; until a payment says otherwise, its price.
  `ALTER TABLE orders ADD COLUMN subtotal_cents ${integer} NOT NULL DEFAULT 0`,
  `UPDATE orders SET subtotal_cents = amount_cents`,
  `ALTER TABLE orders ADD COLUMN tax_cents ${integer} NOT NULL DEFAULT 0`,
  `ALTER TABLE orders ADD COLUMN tax_behavior TEXT
    CHECK (tax_behavior IN ('exclusive', 'inclusive'))`,
  `ALTER TABLE orders ADD COLUMN tax_rate TEXT`,
  `ALTER TABLE orders ADD COLUMN buyer_name TEXT`,
  `ALTER TABLE orders ADD COLUMN buyer_country TEXT`,
  `ALTER TABLE orders ADD COLUMN buyer_tax_id TEXT`,
  `ALTER TABLE products ADD COLUMN tax_code TEXT`,
  `ALTER TABLE sales_quarter_hours ADD COLUMN tax_cents ${integer} NOT NULL DEFAULT 0`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN tax_behavior TEXT`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN tax_rate TEXT`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN amount_subtotal ${integer}`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN amount_tax ${integer}`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN amount_total ${integer}`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN buyer_name TEXT`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN buyer_country TEXT`,
  `ALTER TABLE test_checkout_sessions ADD COLUMN buyer_tax_id TEXT`,
];

/**
 * Tax (issue 26, decision 033). An order keeps what its payment said: `amount_cents` the total
 * charged (the specification's field), `subtotal_cents` before tax, `tax_cents`, the rate as a
 * decimal percentage ("20", "8.875"), the behaviour the checkout was opened with (null: no tax
 * asked) and the buyer's name, country and tax ID. The sales totals count revenue net of tax
 * with the tax beside it; orders before this migration had no tax, so the totals stand. A
 * product's `tax_code` is null for the store's default. The test checkout's sessions keep the
 * same facts, as a provider's sessions do.
 */
export const m023Tax: Migration = {
  name: '023-tax',
  statements: { sqlite: statements('INTEGER'), postgres: statements('BIGINT') },
};
