import type { Migration } from './index.js';

const statement = (integer: 'INTEGER' | 'BIGINT') =>
  `ALTER TABLE sales_quarter_hours ADD COLUMN discount_cents ${integer} NOT NULL DEFAULT 0`;

/**
 * What discount codes took off paid orders, beside their revenue in the running totals (issue
 * 27, decision 035); a refund takes it out again. Orders before migration 024 had no codes, so
 * the totals stand.
 */
export const m027SalesDiscounts: Migration = {
  name: '027-sales-discounts',
  statements: { sqlite: [statement('INTEGER')], postgres: [statement('BIGINT')] },
};
