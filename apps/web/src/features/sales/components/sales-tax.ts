import type { SalesResponse } from '@bindery/shared';

/**
 * Whether the range collected any tax, in any currency: only then do the figures say "net of
 * tax" and show the tax beside them, so a store without tax reads as it always has.
 */
export const salesHaveTax = (data: Pick<SalesResponse, 'taxCents' | 'currencies'>) =>
  data.taxCents !== 0 || data.currencies.some((row) => row.taxCents !== 0);
