import { z } from 'zod';

/** The longest range the sales overview answers for, in days. */
export const SALES_MAX_DAYS = 366;
/** Days shown when no range is asked for: the last 30, today included. */
export const SALES_DEFAULT_DAYS = 30;
/** Products listed under "Top products". */
export const SALES_TOP_PRODUCTS = 10;

export const SalesMessages = {
  title: 'Sales',
  invalidDate: 'Dates must be real calendar dates written as YYYY-MM-DD.',
  fromAfterTo: 'The start date must be on or before the end date.',
  rangeTooLong: `The range can span at most ${SALES_MAX_DAYS} days.`,
  loadFailed: 'Failed to load sales.',
  deletedProduct: 'Deleted product',
} as const;

/** A calendar date, `YYYY-MM-DD`, that exists (no 2026-02-30). */
const CalendarDateSchema = z
  .string({ error: SalesMessages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SalesMessages.invalidDate)
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      year >= 1970 &&
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, SalesMessages.invalidDate);

/** `GET /api/admin/sales?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional (the last 30 days). */
export const SalesQuerySchema = z.object({
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
});
export type SalesQuery = z.infer<typeof SalesQuerySchema>;

export const SalesDaySchema = z.object({
  date: z.string(),
  /** The day's paid orders net of tax. */
  revenueCents: z.number().int(),
  /** The tax they collected. */
  taxCents: z.number().int(),
  orders: z.number().int(),
});
export type SalesDay = z.infer<typeof SalesDaySchema>;

export const TopProductSchema = z.object({
  productId: z.string(),
  title: z.string(),
  revenueCents: z.number().int(),
  orders: z.number().int(),
});
export type TopProduct = z.infer<typeof TopProductSchema>;

/** One currency's totals over the range: minor units of that currency. */
export const CurrencyTotalsSchema = z.object({
  /** ISO 4217, upper case. */
  currency: z.string(),
  revenueCents: z.number().int(),
  taxCents: z.number().int(),
  /** What discount codes took off the paid orders. */
  discountCents: z.number().int(),
  refundedCents: z.number().int(),
  orders: z.number().int(),
});
export type CurrencyTotals = z.infer<typeof CurrencyTotalsSchema>;

export const SalesResponseSchema = z.object({
  /** The range answered, in the store's time zone. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /**
   * The store's currency (STORE_CURRENCY): every amount below but `currencies` is in it, and
   * counts its orders only.
   */
  currency: z.string(),
  /**
   * Paid orders in the range, net of tax (refunded ones are in `refundedCents` instead, and
   * their tax is out of `taxCents`).
   */
  revenueCents: z.number().int(),
  /** The tax the paid orders of the range collected. */
  taxCents: z.number().int(),
  /** What was given back for orders paid in the range, tax included. */
  refundedCents: z.number().int(),
  /** What discount codes took off the range's paid orders (their full price less the charge). */
  discountCents: z.number().int(),
  orders: z.number().int(),
  days: z.array(SalesDaySchema),
  topProducts: z.array(TopProductSchema),
  /**
   * The range's totals per currency, the store's first, then any other its orders were paid in
   * (a store that changed STORE_CURRENCY): amounts of different currencies are never added.
   */
  currencies: z.array(CurrencyTotalsSchema),
});
export type SalesResponse = z.infer<typeof SalesResponseSchema>;
