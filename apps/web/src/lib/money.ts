import { formatMoney, formatPrice } from '@bindery/shared';
import { getStoreConfig } from './store-config';

/**
 * Amounts as this store writes them (STORE_LOCALE), in their own currency: an order's, or the
 * store's (STORE_CURRENCY) when none is given. "$12.50" in the specification's store.
 */
export function formatAmount(minorUnits: number, currency?: string | null): string {
  const config = getStoreConfig();
  return formatMoney(minorUnits, currency ?? config.currency, config.locale);
}

/** A product's price (major units, the API's `price`) as this store writes it. */
export function formatProductPrice(price: number, currency?: string | null): string {
  const config = getStoreConfig();
  return formatPrice(price, currency ?? config.currency, config.locale);
}

/** A chart axis's amount in major units, without decimals ("$12", "12 €", "¥1,500"). */
export function formatAxisAmount(major: number, currency: string): string {
  const { locale } = getStoreConfig();
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  })
    .format(major)
    .replace(/\uFFE5/g, '¥');
}

/** The store currency's sign and where the store's locale writes it ("$" before, "€" after). */
export function currencySign(): { sign: string; isBefore: boolean } {
  const { currency, locale } = getStoreConfig();
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1);
  const signAt = parts.findIndex((part) => part.type === 'currency');
  const numberAt = parts.findIndex((part) => part.type === 'integer');
  return {
    sign: (parts[signAt]?.value ?? currency).replace(/\uFFE5/g, '¥'),
    isBefore: signAt < numberAt,
  };
}
