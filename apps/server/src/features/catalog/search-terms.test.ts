import { expect, test } from 'vitest';
import { foldText, searchTerms, searchText, toFts5Query, toTsQuery } from './search-terms.js';

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
    // Written without a space, "NEAR(d" is one word to the search, like "e-book".
    'neard',
    'e',
  ]);
  expect(searchTerms('📚🔥 *** ')).toEqual([]);
});

test('keeps letters of every script and digits, accents folded', () => {
  expect(searchTerms('Café 東京 2024')).toEqual(['cafe', '東京', '2024']);
});

test('folds accents, case, compatibility forms and letters like ß the same way everywhere', () => {
  expect(foldText('Café CAFÉ café Crème Brûlée')).toBe('cafe cafe cafe creme brulee');
  expect(foldText('Straße Ærøskøbing Łódź ﬁle Ｆｕｌｌ')).toBe(
    'strasse aeroskobing lodz file full',
  );
  // A decomposed "é" (e + combining accent) folds like the composed one.
  expect(foldText('Cafe\u0301')).toBe('cafe');
});

test('a word written with connectors is indexed as its pieces and as one word', () => {
  expect(searchText('The E-Book Guide')).toBe('the e book ebook guide');
  // Non-breaking hyphen, en dash, apostrophe, dots: all connectors.
  expect(searchText('E\u2011Book e\u2013book don’t v1.2')).toBe(
    'e book ebook e book ebook don t dont v1 2 v12',
  );
  expect(searchText('  Crème — brûlée  ')).toBe('creme brulee');
  expect(searchText('📚 ** --')).toBe('');
});

test('a searched word written with connectors is one word, pieces joined', () => {
  expect(searchTerms('e-book')).toEqual(['ebook']);
  expect(searchTerms('E\u2011Book')).toEqual(['ebook']);
  expect(searchTerms('ebook')).toEqual(['ebook']);
  expect(searchTerms('e book')).toEqual(['e', 'book']);
});

test('uses at most twelve words', () => {
  expect(
    searchTerms('w '.repeat(5) + Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ')),
  ).toHaveLength(12);
});

test('builds prefix queries for both databases, neighbours also run together', () => {
  expect(toFts5Query(['handb'])).toBe('("handb"*)');
  expect(toTsQuery(['handb'])).toBe('(handb:*)');
  expect(toFts5Query(['e', 'book', 'guide'])).toBe(
    '("e"* AND "book"* AND "guide"*) OR ("ebook"* AND "guide"*) OR ("e"* AND "bookguide"*)',
  );
  expect(toTsQuery(['e', 'book', 'guide'])).toBe(
    '(e:* & book:* & guide:*) | (ebook:* & guide:*) | (e:* & bookguide:*)',
  );
});
