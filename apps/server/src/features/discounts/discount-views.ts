import { fromMinorUnits, type Discount } from '@bindery/shared';
import type { DiscountRow } from './discounts.repo.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A discount as the admin API shows it. */
export function toDiscount(row: DiscountRow & { redemptions?: number | string | null }): Discount {
  const currency = row.currency.toUpperCase();
  return {
    _id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOffCents === null ? null : fromMinorUnits(row.amountOffCents, currency),
    currency,
    productIds: JSON.parse(row.productIds) as string[],
    startsAt: isoOrNull(row.startsAt),
    endsAt: isoOrNull(row.endsAt),
    maxRedemptions: row.maxRedemptions,
    redemptions: Number(row.redemptions ?? 0),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
