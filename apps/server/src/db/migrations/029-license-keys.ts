import type { Migration } from './index.js';

const statements = (integer: 'INTEGER' | 'BIGINT', strict: string) => [
  `ALTER TABLE products ADD COLUMN license_keys_enabled INTEGER NOT NULL DEFAULT 0
    CHECK (license_keys_enabled IN (0, 1))`,
  `ALTER TABLE products ADD COLUMN license_key_max_uses INTEGER
    CHECK (license_key_max_uses BETWEEN 1 AND 1000000)`,
  `CREATE TABLE license_keys (
    order_id TEXT PRIMARY KEY,
    product_id TEXT NOT NULL,
    license_key TEXT NOT NULL UNIQUE,
    max_uses INTEGER CHECK (max_uses BETWEEN 1 AND 1000000),
    uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
    disabled_at ${integer},
    created_at ${integer} NOT NULL
  )${strict}`,
];

/**
 * License keys (issue 28, decision 037). A product may issue keys (`license_keys_enabled`),
 * each allowing `license_key_max_uses` activations (null: no limit). `license_keys` holds one
 * key per paid order (its primary key), the limit copied from the product when it was issued,
 * and the activations counted; the key itself is unique, kept as 32 upper-case hex digits.
 */
export const m029LicenseKeys: Migration = {
  name: '029-license-keys',
  statements: { sqlite: statements('INTEGER', ' STRICT'), postgres: statements('BIGINT', '') },
};
