import type { Migration } from './index.js';

/**
 * The sales overview (decision 018) reads orders by status and payment time only: one index
 * holding the amount and product too answers each part from the index alone, a range scan per
 * day, however many orders the store has.
 */
export const m013SalesIndexes: Migration = {
  name: '013-sales-indexes',
  statements: {
    sqlite: [`CREATE INDEX orders_sales ON orders (status, paid_at, amount_cents, product_id)`],
    postgres: [
      `CREATE INDEX orders_sales ON orders (status, paid_at) INCLUDE (amount_cents, product_id)`,
    ],
  },
};
