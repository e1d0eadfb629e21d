import { getStoreConfig } from '../../../lib/store-config';
import type { AdminOrderRow } from '../api/list-orders';

type TaxFields = Pick<AdminOrderRow, 'taxCents' | 'buyerCountry'>;

/** Whether an order carries tax details: tax collected, or a country the payment asked for. */
export const hasTaxDetails = (row: TaxFields) => row.taxCents !== 0 || row.buyerCountry !== null;

/**
 * Whether a page of orders shows the tax columns: only when one of them has tax details, so a
 * store without tax keeps the specification's columns.
 */
export const pageShowsTax = (rows: readonly TaxFields[]) => rows.some(hasTaxDetails);

/** What the store kept after tax: the total less the tax it collected. */
export const netCents = (row: Pick<AdminOrderRow, 'amountCents' | 'taxCents'>) =>
  row.amountCents - row.taxCents;

/**
 * A country's name in the store's language ("France" for FR in en-US), from its ISO 3166-1
 * code; the code itself when the browser has no name for it.
 */
export function countryName(code: string): string {
  try {
    const names = new Intl.DisplayNames([getStoreConfig().locale], { type: 'region' });
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // A code Intl refuses (not two letters, say) is still what the payment reported.
    return code;
  }
}
