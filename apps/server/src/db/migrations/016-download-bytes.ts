import type { Migration } from './index.js';

/**
 * Downloads counted by bytes served, with in-progress reservations (decision 017):
 * - `downloads` becomes one row per link, updated by each request (it was one row per request
 *   from byte 0): the bytes it served, the bytes its responses in progress hold, until when
 *   that hold lasts, and how many requests it took. Rows from before keep a null `link_id`.
 * - `download_usage` holds, per order, the bytes served since its last counted download; its
 *   row is what a reservation locks, so the check and the hold are one step.
 */
export const m016DownloadBytes: Migration = {
  name: '016-download-bytes',
  statements: {
    sqlite: [
      `ALTER TABLE downloads ADD COLUMN link_id TEXT`,
      `ALTER TABLE downloads ADD COLUMN requests INTEGER NOT NULL DEFAULT 1`,
      `ALTER TABLE downloads ADD COLUMN bytes_served INTEGER NOT NULL DEFAULT 0`,
      `ALTER TABLE downloads ADD COLUMN reserved_bytes INTEGER NOT NULL DEFAULT 0`,
      `ALTER TABLE downloads ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0`,
      `CREATE UNIQUE INDEX downloads_link ON downloads (link_id)`,
      `CREATE TABLE download_usage (
        order_id TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        bytes_since_count INTEGER NOT NULL DEFAULT 0
      ) STRICT`,
    ],
    postgres: [
      `ALTER TABLE downloads ADD COLUMN link_id TEXT`,
      `ALTER TABLE downloads ADD COLUMN requests INTEGER NOT NULL DEFAULT 1`,
      `ALTER TABLE downloads ADD COLUMN bytes_served BIGINT NOT NULL DEFAULT 0`,
      `ALTER TABLE downloads ADD COLUMN reserved_bytes BIGINT NOT NULL DEFAULT 0`,
      `ALTER TABLE downloads ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0`,
      `CREATE UNIQUE INDEX downloads_link ON downloads (link_id)`,
      `CREATE TABLE download_usage (
        order_id TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        bytes_since_count BIGINT NOT NULL DEFAULT 0
      )`,
    ],
  },
};
