import type { Migration } from './index.js';

/**
 * A free download is an order of 0 (issue 27, decision 035): the orders' amount may be 0 now,
 * never below. A product's price stays positive (the specification's "Price must be positive").
 */
export const m026FreeOrders: Migration = {
  name: '026-free-orders',
  sqliteConstraintEdits: [
    { table: 'orders', from: 'CHECK (amount_cents > 0)', to: 'CHECK (amount_cents >= 0)' },
  ],
  statements: {
    sqlite: [],
    postgres: [
      `ALTER TABLE orders DROP CONSTRAINT orders_amount_cents_check`,
      `ALTER TABLE orders ADD CONSTRAINT orders_amount_cents_check CHECK (amount_cents >= 0)`,
    ],
  },
};
