import type { Migration } from './index.js';

/** Numbers the orders already stored 1, 2, 3… in the order they were placed. */
const BACKFILL = `UPDATE orders SET order_number = numbered.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM orders) AS numbered
  WHERE orders.id = numbered.id`;

/**
 * Orders get a short number people can read out and search for ("#1042"); their ids stay the
 * opaque keys. Existing orders are numbered in creation order; a new order takes the next number
 * as it is written, by the database itself on both engines, so two checkouts at once never share
 * one: a sequence on PostgreSQL, and on SQLite (one writer at a time) a trigger that gives the
 * row the highest number plus one. The unique index both enforces this and answers "#1042".
 */
export const m018OrderNumbers: Migration = {
  name: '018-order-numbers',
  statements: {
    sqlite: [
      `ALTER TABLE orders ADD COLUMN order_number INTEGER`,
      BACKFILL,
      `CREATE UNIQUE INDEX orders_number ON orders (order_number)`,
      `CREATE TRIGGER orders_number_assign AFTER INSERT ON orders
        WHEN new.order_number IS NULL
      BEGIN
        UPDATE orders SET order_number = (SELECT coalesce(max(order_number), 0) + 1 FROM orders)
        WHERE id = new.id;
      END`,
    ],
    postgres: [
      `ALTER TABLE orders ADD COLUMN order_number INTEGER`,
      BACKFILL,
      `CREATE SEQUENCE orders_number_seq AS INTEGER OWNED BY orders.order_number`,
      `SELECT setval('orders_number_seq', (SELECT coalesce(max(order_number), 0) + 1 FROM orders), false)`,
      `ALTER TABLE orders ALTER COLUMN order_number SET DEFAULT nextval('orders_number_seq')`,
      `ALTER TABLE orders ALTER COLUMN order_number SET NOT NULL`,
      `CREATE UNIQUE INDEX orders_number ON orders (order_number)`,
    ],
  },
};
