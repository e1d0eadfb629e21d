import type { Migration } from './index.js';

/**
 * What the real-provider money path needs beyond 005:
 * - an order keeps its hosted checkout (URL, end, and a fingerprint of what was asked), so a
 *   second Buy Now returns the open checkout instead of asking the provider again;
 * - an order carries a dispute flag (downloads paused while a dispute is open) and the id of
 *   the refund the store made;
 * - a product with sales is archived, not deleted: out of the catalogue, its file kept;
 * - payments that arrive for an order the store no longer has are kept for the owner;
 * - the built-in test checkout honours idempotency keys and records its refunds, as a
 *   provider does on its side.
 */
export const m006MoneyPath: Migration = {
  name: '006-money-path',
  statements: {
    sqlite: [
      `ALTER TABLE orders ADD COLUMN provider_session_url TEXT`,
      `ALTER TABLE orders ADD COLUMN provider_session_expires_at INTEGER`,
      `ALTER TABLE orders ADD COLUMN checkout_fingerprint TEXT`,
      `ALTER TABLE orders ADD COLUMN dispute_status TEXT
        CHECK (dispute_status IN ('open', 'won', 'lost'))`,
      `ALTER TABLE orders ADD COLUMN refund_id TEXT`,
      `CREATE INDEX orders_product_status ON orders (product_id, status)`,
      `CREATE INDEX orders_review ON orders (created_at DESC) WHERE review_reason IS NOT NULL`,
      `ALTER TABLE products ADD COLUMN archived_at INTEGER`,
      `DROP INDEX products_created_at`,
      `CREATE INDEX products_live_created_at ON products (created_at DESC, id DESC)
        WHERE archived_at IS NULL`,
      `CREATE TABLE unmatched_payments (
        id TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        order_id TEXT,
        session_id TEXT,
        payment_intent_id TEXT,
        amount_cents INTEGER,
        currency TEXT,
        reason TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX unmatched_payments_created ON unmatched_payments (created_at DESC)`,
      `ALTER TABLE test_checkout_sessions ADD COLUMN idempotency_key TEXT`,
      `CREATE UNIQUE INDEX test_checkout_sessions_key ON test_checkout_sessions (idempotency_key)`,
      `CREATE INDEX test_checkout_sessions_order ON test_checkout_sessions (order_id)`,
      `CREATE TABLE test_checkout_refunds (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES test_checkout_sessions(id),
        idempotency_key TEXT NOT NULL UNIQUE,
        amount_cents INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
    ],
    postgres: [
      `ALTER TABLE orders ADD COLUMN provider_session_url TEXT`,
      `ALTER TABLE orders ADD COLUMN provider_session_expires_at BIGINT`,
      `ALTER TABLE orders ADD COLUMN checkout_fingerprint TEXT`,
      `ALTER TABLE orders ADD COLUMN dispute_status TEXT
        CHECK (dispute_status IN ('open', 'won', 'lost'))`,
      `ALTER TABLE orders ADD COLUMN refund_id TEXT`,
      `CREATE INDEX orders_product_status ON orders (product_id, status)`,
      `CREATE INDEX orders_review ON orders (created_at DESC) WHERE review_reason IS NOT NULL`,
      `ALTER TABLE products ADD COLUMN archived_at BIGINT`,
      `DROP INDEX products_created_at`,
      `CREATE INDEX products_live_created_at ON products (created_at DESC, id DESC)
        WHERE archived_at IS NULL`,
      `CREATE TABLE unmatched_payments (
        id TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        order_id TEXT,
        session_id TEXT,
        payment_intent_id TEXT,
        amount_cents INTEGER,
        currency TEXT,
        reason TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX unmatched_payments_created ON unmatched_payments (created_at DESC)`,
      `ALTER TABLE test_checkout_sessions ADD COLUMN idempotency_key TEXT`,
      `CREATE UNIQUE INDEX test_checkout_sessions_key ON test_checkout_sessions (idempotency_key)`,
      `CREATE INDEX test_checkout_sessions_order ON test_checkout_sessions (order_id)`,
      `CREATE TABLE test_checkout_refunds (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES test_checkout_sessions(id),
        idempotency_key TEXT NOT NULL UNIQUE,
        amount_cents INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      )`,
    ],
  },
};
