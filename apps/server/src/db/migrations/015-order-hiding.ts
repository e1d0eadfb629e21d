import type { Migration } from './index.js';

/**
 * Orders are the store's money records (decision 009, "Deleting an order"): the owner's Delete
 * removes a refunded or canceled order from the admin list but keeps its row, its transitions
 * and its share of the sales overview. `hidden_at` says when it left the list; null while it
 * is listed.
 */
export const m015OrderHiding: Migration = {
  name: '015-order-hiding',
  statements: {
    sqlite: [`ALTER TABLE orders ADD COLUMN hidden_at INTEGER`],
    postgres: [`ALTER TABLE orders ADD COLUMN hidden_at BIGINT`],
  },
};
