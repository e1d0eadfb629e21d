import type { Migration } from './index.js';

/**
 * Orders, the provider events already applied to them (each applied once), downloads, and the
 * sessions of the built-in test checkout. An order keeps its amount and status when its product
 * is deleted, so product_id carries no foreign key.
 */
export const m005Orders: Migration = {
  name: '005-orders',
  statements: {
    sqlite: [
      `CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        product_id TEXT NOT NULL,
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'canceled', 'refunded')),
        provider TEXT NOT NULL,
        provider_session_id TEXT UNIQUE,
        payment_intent_id TEXT,
        review_reason TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        paid_at INTEGER
      ) STRICT`,
      `CREATE INDEX orders_user_created ON orders (user_id, created_at DESC)`,
      `CREATE INDEX orders_created ON orders (created_at DESC)`,
      `CREATE INDEX orders_payment_intent ON orders (payment_intent_id)`,
      `CREATE TABLE payment_events (
        id TEXT PRIMARY KEY,
        order_id TEXT,
        type TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX payment_events_order ON payment_events (order_id, type)`,
      `CREATE TABLE order_transitions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        from_status TEXT NOT NULL,
        to_status TEXT NOT NULL,
        reason TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX order_transitions_order ON order_transitions (order_id)`,
      `CREATE TABLE downloads (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX downloads_order ON downloads (order_id)`,
      `CREATE TABLE test_checkout_sessions (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        product_title TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
        payment_status TEXT NOT NULL CHECK (payment_status IN ('unpaid', 'paid')),
        success_url TEXT NOT NULL,
        cancel_url TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT`,
    ],
    postgres: [
      `CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        product_id TEXT NOT NULL,
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'canceled', 'refunded')),
        provider TEXT NOT NULL,
        provider_session_id TEXT UNIQUE,
        payment_intent_id TEXT,
        review_reason TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        paid_at BIGINT
      )`,
      `CREATE INDEX orders_user_created ON orders (user_id, created_at DESC)`,
      `CREATE INDEX orders_created ON orders (created_at DESC)`,
      `CREATE INDEX orders_payment_intent ON orders (payment_intent_id)`,
      `CREATE TABLE payment_events (
        id TEXT PRIMARY KEY,
        order_id TEXT,
        type TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX payment_events_order ON payment_events (order_id, type)`,
      `CREATE TABLE order_transitions (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        from_status TEXT NOT NULL,
        to_status TEXT NOT NULL,
        reason TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX order_transitions_order ON order_transitions (order_id)`,
      `CREATE TABLE downloads (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX downloads_order ON downloads (order_id)`,
      `CREATE TABLE test_checkout_sessions (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        product_title TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
        payment_status TEXT NOT NULL CHECK (payment_status IN ('unpaid', 'paid')),
        success_url TEXT NOT NULL,
        cancel_url TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
    ],
  },
};
