import { expect, test } from 'vitest';
import { readPage } from './catalogue-address';

test('a page number reads as a whole number from 1 up to the highest page a query may ask for', () => {
  expect(readPage(null)).toBe(1);
  expect(readPage('0')).toBe(1);
  expect(readPage('2.5')).toBe(1);
  expect(readPage('7')).toBe(7);
  expect(readPage('1000000')).toBe(1_000_000);
  expect(readPage('99999999')).toBe(1_000_000);
});
