/**
 * "$12.50" for 1250 USD and "¥1,500" for 1500 JPY: an amount in minor units of its currency, as
 * Stripe counts them, written with as many decimals as the currency has.
 */
export function formatMinorUnits(amount: number, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** "20%", "7.5%": a tax rate as a line shows it. */
export const formatPercent = (percent: number, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );
