import { describe, expect, test } from 'vitest';
import { pageItems } from './pagination.js';

/** Renders the model the way the page-number row shows it: numbers, and … for gaps. */
const row = (current: number, pages: number) =>
  pageItems(current, pages)
    .map((item) => (item.type === 'page' ? String(item.page) : '…'))
    .join(' ');

describe('pageItems', () => {
  test.each([
    [5, 10, '1 … 4 5 6 … 10'],
    [1, 10, '1 2 … 10'],
    [2, 10, '1 2 3 … 10'],
    [3, 10, '1 2 3 4 … 10'],
    [4, 10, '1 … 3 4 5 … 10'],
    [8, 10, '1 … 7 8 9 10'],
    [10, 10, '1 … 9 10'],
    [1, 1, '1'],
    [1, 2, '1 2'],
    [2, 3, '1 2 3'],
    [1, 3, '1 2 3'],
  ])('page %i of %i shows %s', (current, pages, expected) => {
    expect(row(current, pages)).toBe(expected);
  });

  test('no pages shows nothing, and an out-of-range page is clamped', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(row(99, 5)).toBe('1 … 4 5');
    expect(row(-3, 5)).toBe('1 2 … 5');
  });

  test('ellipsis keys are unique', () => {
    const keys = pageItems(5, 10).flatMap((item) => (item.type === 'ellipsis' ? [item.key] : []));
    expect(new Set(keys).size).toBe(2);
  });
});
