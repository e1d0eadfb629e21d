import { expect, test } from 'vitest';
import { dollarsToCents, formatCents, formatDollars, hasAtMostTwoDecimals } from './money.js';

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

test('prices may have at most two decimals', () => {
  expect(hasAtMostTwoDecimals(12.5)).toBe(true);
  expect(hasAtMostTwoDecimals(19.99)).toBe(true);
  expect(hasAtMostTwoDecimals(0.07)).toBe(true);
  expect(hasAtMostTwoDecimals(12.505)).toBe(false);
  expect(hasAtMostTwoDecimals(0.001)).toBe(false);
});
