import type { Migration } from './index.js';

const statements = (integer: 'INTEGER' | 'BIGINT', strict: string) => [
  `CREATE TABLE discounts (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL UNIQUE,
    percent_off INTEGER CHECK (percent_off BETWEEN 1 AND 100),
    amount_off_cents ${integer} CHECK (amount_off_cents > 0),
    currency TEXT NOT NULL,
    product_ids TEXT NOT NULL,
    starts_at ${integer},
    ends_at ${integer},
    max_redemptions ${integer} CHECK (max_redemptions > 0),
    created_at ${integer} NOT NULL,
    updated_at ${integer} NOT NULL,
    CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
  )${strict}`,
  `CREATE TABLE discount_redemptions (
    order_id TEXT PRIMARY KEY,
    discount_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('held', 'redeemed')),
    created_at ${integer} NOT NULL
  )${strict}`,
  `CREATE INDEX discount_redemptions_discount ON discount_redemptions (discount_id, state)`,
  `ALTER TABLE orders ADD COLUMN discount_code TEXT`,
  `ALTER TABLE orders ADD COLUMN discount_cents ${integer} NOT NULL DEFAULT 0`,
];

/**
 * Discount codes (issue 27, decision 035). `code_key` is the code in lower case: codes match
 * without regard to case and two may not differ only by it. `product_ids` is a JSON list, empty
 * for every product. A redemption is one order's use of a code: `held` from its checkout until
 * it is paid (`redeemed`), and gone again when the order is canceled or refunded, so a code with
 * a maximum is never paid for more often than that. Orders keep the code they used and the
 * discount they got, whatever becomes of the discount later.
 */
export const m024Discounts: Migration = {
  name: '024-discounts',
  statements: { sqlite: statements('INTEGER', ' STRICT'), postgres: statements('BIGINT', '') },
};
