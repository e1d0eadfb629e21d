import { afterEach, expect, test } from 'vitest';
import { currencySign, formatAmount, formatProductPrice } from './money';
import { getStoreConfig, provideStoreConfig } from './store-config';

const original = getStoreConfig();
afterEach(() => provideStoreConfig(original));

test('the specification’s store writes dollars as before', () => {
  expect(formatAmount(1250)).toBe('$12.50');
  expect(formatProductPrice(19)).toBe('$19.00');
  expect(currencySign()).toEqual({ sign: '$', isBefore: true });
});

test('a EUR store in de-DE writes euros after the number; an order keeps its own currency', () => {
  provideStoreConfig({ ...original, currency: 'EUR', locale: 'de-DE' });
  expect(formatAmount(1990)).toBe('19,90\u00a0€');
  expect(formatProductPrice(19.9)).toBe('19,90\u00a0€');
  expect(formatAmount(1250, 'USD')).toBe('12,50\u00a0$');
  expect(currencySign()).toEqual({ sign: '€', isBefore: false });
});

test('a JPY store writes whole yen', () => {
  provideStoreConfig({ ...original, currency: 'JPY', locale: 'ja-JP' });
  expect(formatAmount(1500)).toBe('¥1,500');
  expect(formatProductPrice(1500)).toBe('¥1,500');
  expect(currencySign()).toEqual({ sign: '¥', isBefore: true });
});
