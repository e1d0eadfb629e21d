import { DEFAULT_TAX_CODE } from '@bindery/shared';

/**
 * Stripe tax categories a store of digital goods commonly needs, for the product form's
 * choice; any other valid Stripe code can still be typed in. The store's default comes first.
 */
export const TAX_CATEGORIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: DEFAULT_TAX_CODE, name: 'E-book' },
  { code: 'txcd_10301000', name: 'Audiobook' },
  { code: 'txcd_10401100', name: 'Digital audio' },
  { code: 'txcd_10402100', name: 'Digital video' },
  { code: 'txcd_10501000', name: 'Digital image' },
  { code: 'txcd_10202000', name: 'Downloadable software' },
  { code: 'txcd_10503000', name: 'Other digital goods' },
  { code: 'txcd_10000000', name: 'Electronically supplied services' },
];

/** "E-book (txcd_10302000)": a category as the form lists it. */
export const taxCategoryLabel = ({ code, name }: { code: string; name: string }) =>
  `${name} (${code})`;

/** Whether a code is one the form lists (the default included). */
export const isListedTaxCode = (code: string) =>
  TAX_CATEGORIES.some((category) => category.code === code);
