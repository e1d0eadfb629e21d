import type { Migration } from './index.js';

/**
 * Three things issue 25 needed the database for:
 *
 * - `store_settings`, one row: the owner's settings (store name, support email, product notes)
 *   as one JSON document, so a later setting is a new field, not a new column; written first
 *   from the environment when the store reads it. `version` is raised by every save: each
 *   instance watches it to drop what it built from the old settings.
 * - `mail_outbox.delivered_by`: how a sent email went out, `smtp` or `log` (no SMTP_URL); null
 *   for email sent before it was recorded.
 * - `receipt_requests`: a buyer's "Email me the receipt", one row per receipt sent, read and
 *   written in one locked transaction so the limits hold across instances.
 */
export const m017StoreSettings: Migration = {
  name: '017-store-settings',
  statements: {
    sqlite: [
      `CREATE TABLE store_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL,
        settings TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      )`,
      `ALTER TABLE mail_outbox ADD COLUMN delivered_by TEXT CHECK (delivered_by IN ('smtp', 'log'))`,
      `CREATE TABLE receipt_requests (
        order_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        requested_at INTEGER NOT NULL
      )`,
      `CREATE INDEX receipt_requests_by_user ON receipt_requests (user_id, requested_at)`,
    ],
    postgres: [
      `CREATE TABLE store_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version BIGINT NOT NULL,
        settings TEXT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `ALTER TABLE mail_outbox ADD COLUMN delivered_by TEXT CHECK (delivered_by IN ('smtp', 'log'))`,
      `CREATE TABLE receipt_requests (
        order_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        requested_at BIGINT NOT NULL
      )`,
      `CREATE INDEX receipt_requests_by_user ON receipt_requests (user_id, requested_at)`,
    ],
  },
};
