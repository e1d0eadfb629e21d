// The sales overview's running totals (migrations 014, 021, 023), apart so types.ts stays small.

/** Paid revenue and refunds per quarter hour of payment time (migration 014). */
export interface SalesQuarterHoursTable {
  /** The quarter hour's first millisecond (UTC). */
  startsAt: number;
  /** The orders' currency, lower case (migration 021): each currency has its own rows. */
  currency: string;
  /** Paid orders' totals net of tax (migration 023). */
  revenueCents: number;
  orders: number;
  refundedCents: number;
  /** The tax paid orders collected; a refund takes its order's out again. */
  taxCents: number;
  /** What discount codes took off paid orders (migration 027). */
  discountCents: number;
}

/** Paid revenue and orders per product per UTC day of payment time (migration 014). */
export interface SalesProductDaysTable {
  /** The UTC day's first millisecond. */
  startsAt: number;
  productId: string;
  /** The orders' currency, lower case (migration 021). */
  currency: string;
  revenueCents: number;
  orders: number;
}
