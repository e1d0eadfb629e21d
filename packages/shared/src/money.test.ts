import { expect, test } from 'vitest';
import {
  currencyExponent,
  dollarsToCents,
  formatCents,
  formatDollars,
  formatMoney,
  formatPrice,
  fromMinorUnits,
  hasAtMostTwoDecimals,
  hasValidDecimals,
  isSupportedCurrency,
  isSupportedLocale,
  priceDecimals,
  toMinorUnits,
} from './money.js';

test('dollars become integer cents without floating-point drift', () => {
  expect(dollarsToCents(19.99)).toBe(1999);
  expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  expect(dollarsToCents(100000)).toBe(10_000_000);
});

test('amounts show a dollar sign and two decimals', () => {
  expect(formatCents(1250)).toBe('$12.50');
  expect(formatCents(5)).toBe('$0.05');
  expect(formatDollars(19)).toBe('$19.00');
  expect(formatDollars(1234.5)).toBe('$1,234.50');
});

test('whole cents are written by hand exactly as Intl writes them in en-US', () => {
  const intl = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const samples = [0, 1, 5, 10, 99, 100, 999, 1000, 99_999, 100_000, 123_456_789, 10_000_000];
  for (const cents of [...samples, ...samples.map((cents) => -cents), 2 ** 40 + 7]) {
    expect(formatCents(cents)).toBe(`$${intl.format(cents / 100)}`);
  }
  // A fraction of a cent is left to Intl's rounding.
  expect(formatCents(1234.5)).toBe(`$${intl.format(12.345)}`);
});

test('prices may have at most two decimals', () => {
  expect(hasAtMostTwoDecimals(12.5)).toBe(true);
  expect(hasAtMostTwoDecimals(19.99)).toBe(true);
  expect(hasAtMostTwoDecimals(0.07)).toBe(true);
  expect(hasAtMostTwoDecimals(12.505)).toBe(false);
  expect(hasAtMostTwoDecimals(0.001)).toBe(false);
});

test('minor units follow Stripe: two decimals for EUR, none for JPY and KRW', () => {
  expect(toMinorUnits(19.9, 'EUR')).toBe(1990);
  expect(toMinorUnits(1500, 'JPY')).toBe(1500);
  expect(fromMinorUnits(1500, 'jpy')).toBe(1500);
  expect(fromMinorUnits(1990, 'EUR')).toBe(19.9);
  expect(currencyExponent('KRW')).toBe(0);
  // ISK has no subunit in use, but Stripe counts it in hundredths.
  expect(toMinorUnits(1500, 'ISK')).toBe(150000);
  expect(priceDecimals('ISK')).toBe(0);
});

test('amounts are written in the currency and locale asked for', () => {
  expect(formatMoney(1990, 'EUR', 'de-DE')).toBe('19,90\u00a0€');
  expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
  expect(formatMoney(1500, 'JPY', 'ja-JP')).toBe('¥1,500');
  expect(formatMoney(150000, 'ISK', 'en-US')).toBe('ISK\u00a01,500');
  expect(formatPrice(12.5, 'GBP', 'en-GB')).toBe('£12.50');
});

test('USD in en-US is written exactly as the specification writes it', () => {
  for (const cents of [0, 5, 1250, 123450, 10_000_000]) {
    expect(formatMoney(cents)).toBe(formatCents(cents));
    expect(formatMoney(cents, 'usd', 'en-US')).toBe(formatCents(cents));
  }
  expect(formatMoney(1250, 'USD', 'de-DE')).toBe('12,50\u00a0$');
});

test('a zero-decimal currency takes whole amounts only', () => {
  expect(hasValidDecimals(1500, 'JPY')).toBe(true);
  expect(hasValidDecimals(12.5, 'JPY')).toBe(false);
  expect(hasValidDecimals(12.5, 'EUR')).toBe(true);
  expect(hasValidDecimals(12.505, 'EUR')).toBe(false);
});

test('codes and locales are checked against what Intl knows', () => {
  expect(isSupportedCurrency('EUR')).toBe(true);
  expect(isSupportedCurrency('XYZ')).toBe(false);
  expect(isSupportedCurrency('eur')).toBe(false);
  expect(isSupportedCurrency('KWD')).toBe(false);
  expect(isSupportedLocale('de-DE')).toBe(true);
  expect(isSupportedLocale('not a locale')).toBe(false);
});
