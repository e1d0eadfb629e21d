import { expect, test } from 'vitest';
import { searchTerms, toFts5Query, toTsQuery } from './search-terms.js';

test('keeps only words, lower-cased and without repeats', () => {
  expect(searchTerms('The "Bookbinding" HANDBOOK handbook!')).toEqual([
    'the',
    'bookbinding',
    'handbook',
  ]);
});

test('drops operators, quotes and emoji so no input can change the query', () => {
  expect(searchTerms('a* OR b -c NEAR(d) "e" \' ; -- 📚 & | ! :*')).toEqual([
    'a',
    'or',
    'b',
    'c',
    'near',
    'd',
    'e',
  ]);
  expect(searchTerms('📚🔥 *** ')).toEqual([]);
});

test('keeps letters of every script and digits', () => {
  expect(searchTerms('Café 東京 2024')).toEqual(['café', '東京', '2024']);
});

test('uses at most twelve words', () => {
  expect(
    searchTerms('w '.repeat(5) + Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ')),
  ).toHaveLength(12);
});

test('builds prefix queries for both databases', () => {
  expect(toFts5Query(['handb', 'guide'])).toBe('"handb"* "guide"*');
  expect(toTsQuery(['handb', 'guide'])).toBe('handb:* & guide:*');
});
