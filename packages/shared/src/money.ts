/**
 * Money is integer minor units inside Bindery (cents for USD, whole yen for JPY, as Stripe
 * counts them); major units (the specification's `price`) appear only at the API edge and on
 * screen. Decision 030.
 */

/** The specification's store: US dollars, written as in the United States. */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';

/** Currencies Stripe counts in whole units (its zero-decimal list): ¥1,500 is 1500. */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
];

/** Currencies with three decimals, which this store does not sell in (refused at start). */
export const THREE_DECIMAL_CURRENCIES: readonly string[] = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'];

/** Digits after the decimal point in a stored amount: 0 on Stripe's zero-decimal list, else 2. */
export function currencyExponent(currency: string): 0 | 2 {
  return ZERO_DECIMAL_CURRENCIES.includes(currency.toUpperCase()) ? 0 : 2;
}

/**
 * Decimals a price may be written with: the exponent, or fewer where the currency has no
 * subunit in use (ISK, HUF: Stripe still counts hundredths, so ISK 1,500 is 150000).
 */
export function priceDecimals(currency: string): number {
  const shown = currencyFormat(currency, DEFAULT_LOCALE).resolvedOptions().maximumFractionDigits;
  return Math.min(currencyExponent(currency), shown ?? 2);
}

/** Whether the store can sell in a code: ISO 4217 known to Intl, at most two decimals. */
export function isSupportedCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code) || THREE_DECIMAL_CURRENCIES.includes(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

/** Whether a BCP 47 locale tag is well formed and Intl writes numbers for it. */
export function isSupportedLocale(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/** A price in major units (19.9) as stored minor units (1990; 1500 for ¥1,500). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyExponent(currency));
}

/** Stored minor units as the major units the API's `price` carries. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** Whether a price in major units has no more decimals than the currency takes (¥12.5 no). */
export function hasValidDecimals(amount: number, currency: string): boolean {
  const scaled = amount * 10 ** priceDecimals(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${currency}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/**
 * Minor units written for people: "19,90 €" (EUR, de-DE), "¥1,500" (JPY), "$12.50" (USD,
 * en-US). The full-width yen some locales use is written as ¥, so every engine's ICU (the
 * server's and the browser's) writes the same text for the same amount.
 */
export function formatMoney(
  minor: number,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  const code = currency.toUpperCase();
  if (code === DEFAULT_CURRENCY && locale === DEFAULT_LOCALE) return formatCents(minor);
  const decimals = priceDecimals(code);
  const format = currencyFormat(code, locale);
  const major = fromMinorUnits(minor, code);
  const text =
    format.resolvedOptions().maximumFractionDigits === decimals
      ? format.format(major)
      : new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: code,
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        }).format(major);
  return text.replace(/\uFFE5/g, '¥');
}

/** A price in major units written for people, as formatMoney writes its minor units. */
export function formatPrice(
  amount: number,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  return formatMoney(toMinorUnits(amount, currency), currency, locale);
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** True when a dollar amount has at most two decimals (12.5 and 12.50 yes, 12.505 no). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

let usd: Intl.NumberFormat | undefined;

/**
 * "$12.50" from 1250 cents: the specification's format, and every USD store's. Whole cents are
 * written by hand, as Intl writes them in en-US: a page's first Intl.NumberFormat costs 20 to
 * 40 ms of script, and the admin's table formats amounts in its first render (decision 033).
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    usd ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `$${usd.format(cents / 100)}`;
  }
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  return `$${sign}${whole}.${digits.slice(-2)}`;
}

/** "$12.50" from 12.5 dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}
