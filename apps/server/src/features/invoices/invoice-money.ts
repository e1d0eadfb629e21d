import { formatMoney } from '@bindery/shared';

/**
 * "$12.50" for 1250 USD, "¥1,500" for 1500 JPY, "-$12.50" credited: an amount in minor units
 * of its currency as the store writes money everywhere else (decision 030).
 */
export function formatMinorUnits(amount: number, currency: string, locale?: string): string {
  const text = formatMoney(Math.abs(amount), currency, locale);
  return amount < 0 ? `-${text}` : text;
}

/** "20%", "7.5%", "8.875%": a tax rate as a line shows it (rates go to thousandths). */
export const formatPercent = (percent: number, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(
    percent / 100,
  );
