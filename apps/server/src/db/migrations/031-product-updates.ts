import type { Migration } from './index.js';

const tables = (integer: 'INTEGER' | 'BIGINT') => [
  `CREATE TABLE product_updates (
    id TEXT PRIMARY KEY,
    product_id TEXT NOT NULL,
    created_at ${integer} NOT NULL,
    changes TEXT NOT NULL,
    message TEXT,
    mail_state TEXT NOT NULL CHECK (mail_state IN ('none', 'sending', 'done')),
    mail_cursor TEXT,
    mailed_count INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX product_updates_product ON product_updates (product_id, created_at)`,
  `CREATE INDEX product_updates_sending ON product_updates (mail_state, created_at)`,
  `CREATE TABLE product_update_recipients (
    update_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    mailed_at ${integer} NOT NULL,
    PRIMARY KEY (update_id, user_id)
  )`,
  // A product's paying buyers, in user order: each batch of update emails reads the next 100.
  `CREATE INDEX orders_product_buyers ON orders (product_id, status, user_id)`,
];

/**
 * Product updates (issue 28, decision 039): a save that adds, replaces or removes a file is
 * recorded with what changed; with a message its buyers are emailed in batches, each batch
 * moving `mail_cursor` and recording its recipients in the transaction that queues the emails,
 * so a batch run twice never mails anyone twice.
 */
export const m031ProductUpdates: Migration = {
  name: '031-product-updates',
  statements: { sqlite: tables('INTEGER'), postgres: tables('BIGINT') },
};
