import type { Migration } from './index.js';

/**
 * Download limits (DOWNLOAD_LIMIT, decision 017): a product may set its own limit
 * (`products.download_limit`, null for the store's), each order counts its completed downloads
 * (`orders.downloads_used`, which the owner can reset), and `download_completions` holds the
 * links whose download completed, so a link counts once however many requests it took.
 */
export const m012DownloadLimits: Migration = {
  name: '012-download-limits',
  statements: {
    sqlite: [
      `ALTER TABLE products ADD COLUMN download_limit INTEGER`,
      `ALTER TABLE orders ADD COLUMN downloads_used INTEGER NOT NULL DEFAULT 0`,
      `CREATE TABLE download_completions (
        link_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        completed_at INTEGER NOT NULL
      )`,
      `CREATE INDEX download_completions_order ON download_completions (order_id)`,
    ],
    postgres: [
      `ALTER TABLE products ADD COLUMN download_limit INTEGER`,
      `ALTER TABLE orders ADD COLUMN downloads_used INTEGER NOT NULL DEFAULT 0`,
      `CREATE TABLE download_completions (
        link_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        completed_at BIGINT NOT NULL
      )`,
      `CREATE INDEX download_completions_order ON download_completions (order_id)`,
    ],
  },
};
