import { DiscountMessages } from '@bindery/shared';
import type { DiscountsTable } from '../../db/types.js';

/** A discount as the store applies it: the row with its product list read. */
export interface DiscountTerms {
  id: string;
  code: string;
  percentOff: number | null;
  /** Minor units of `currency` (lower case). */
  amountOffCents: number | null;
  currency: string;
  /** Empty: every product. */
  productIds: string[];
  startsAt: number | null;
  endsAt: number | null;
  maxRedemptions: number | null;
}

export const termsOf = (row: DiscountsTable): DiscountTerms => ({
  id: row.id,
  code: row.code,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  currency: row.currency,
  productIds: JSON.parse(row.productIds) as string[],
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  maxRedemptions: row.maxRedemptions,
});

/**
 * What the code takes off a price, in minor units: a percentage rounded half up, or the amount
 * off; never more than the price (a code may make a product free).
 */
export function discountOn(priceCents: number, terms: DiscountTerms): number {
  const off =
    terms.percentOff !== null
      ? Math.floor((priceCents * terms.percentOff + 50) / 100)
      : (terms.amountOffCents ?? 0);
  return Math.min(off, priceCents);
}

/**
 * Why a buyer cannot use the code on this product now, in the buyer's words, or null. `taken`
 * is the code's redemptions held or paid. An amount off in another currency (the store changed
 * STORE_CURRENCY since) applies to nothing.
 */
export function refusalOf(
  terms: DiscountTerms,
  sale: { productId: string; currency: string; now: number; taken: number },
): string | null {
  if (terms.startsAt !== null && sale.now < terms.startsAt) return DiscountMessages.notStarted;
  if (terms.endsAt !== null && sale.now >= terms.endsAt) return DiscountMessages.expired;
  if (terms.maxRedemptions !== null && sale.taken >= terms.maxRedemptions) {
    return DiscountMessages.usedUp;
  }
  const isForProduct = terms.productIds.length === 0 || terms.productIds.includes(sale.productId);
  const isSameCurrency =
    terms.amountOffCents === null || terms.currency === sale.currency.toLowerCase();
  if (!isForProduct || !isSameCurrency) return DiscountMessages.notForProduct;
  return null;
}
