import type { Migration } from './index.js';

const statements = (integer: 'INTEGER' | 'BIGINT', strict: string) => [
  `ALTER TABLE products ADD COLUMN pay_what_you_want INTEGER NOT NULL DEFAULT 0
    CHECK (pay_what_you_want IN (0, 1))`,
  `ALTER TABLE products ADD COLUMN minimum_price_cents ${integer}
    CHECK (minimum_price_cents >= 0)`,
  `CREATE TABLE free_claims (
    user_id TEXT NOT NULL,
    product_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    created_at ${integer} NOT NULL,
    PRIMARY KEY (user_id, product_id)
  )${strict}`,
  `CREATE INDEX free_claims_recent ON free_claims (user_id, created_at)`,
];

/**
 * Pay what you want and free downloads (issue 27, decision 034). A product may let buyers pay
 * what they want from `minimum_price_cents` (0 allows free) up, its price being the suggestion.
 * `free_claims` keeps one row per buyer and product taken for nothing: its key is what makes
 * a second free order of the same product impossible, however many requests race, and its
 * times what limits free orders per hour.
 */
export const m025PayWhatYouWant: Migration = {
  name: '025-pay-what-you-want',
  statements: { sqlite: statements('INTEGER', ' STRICT'), postgres: statements('BIGINT', '') },
};
