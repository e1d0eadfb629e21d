import { describe, expect, test } from 'vitest';
import { testDb } from '../../test/build-test-app.js';
import { createIndexBuilder, type SearchIndex } from './search-index.js';
import { bitsOf, holds, positionOf } from './search-index-bits.js';
import { oneSpelling, rankOneSpelling } from './search-index-one-spelling.js';
import { pageOf, rankByCursors } from './search-index-query.js';
import { searchTerms } from './search-terms.js';

// The one-pass way of ranking a search (one live spelling, weights read while matching, bits
// for common words) against the general way through cursors, which search-index.test.ts holds
// to the databases' own search: the two must give the very same pages. No database is read:
// these run once.

/** A small deterministic generator. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

// Common words (in most products, so their lists get bits), rarer ones, and words that share
// their first letters (so a prefix stands for several, merged).
const COMMON = ['a', 'the', 'and', 'practical'];
const RARE = ['garden', 'gardening', 'gardens', 'pottery', 'potter', 'quiet', 'bold', 'e', 'book'];
const RAREST = ['ebook', 'zeppelin', 'handbook', 'photo', 'photobook'];

function buildIndex(products: number, seed: number): SearchIndex {
  const draw = random(seed);
  const pick = (words: string[]) => words[Math.floor(draw() * words.length)]!;
  const text = (length: number, rareShare: number) =>
    Array.from({ length }, () => {
      const roll = draw();
      if (roll < 0.03) return pick(RAREST);
      return roll < rareShare ? pick(RARE) : pick(COMMON);
    }).join(' ');
  const builder = createIndexBuilder();
  for (let index = 0; index < products; index += 1) {
    builder.add({
      id: `p${index}`,
      searchTitle: text(1 + Math.floor(draw() * 3), 0.7),
      searchSubtitle: text(Math.floor(draw() * 3), 0.5),
      searchDescription: text(2 + Math.floor(draw() * 10), 0.3),
      format: (['pdf', 'zip', 'epub'] as const)[index % 3]!,
    });
  }
  return builder.finish();
}

/** Searches of one to three words, whole and cut short, some asked with the words run together. */
function searches(count: number, seed: number): string[] {
  const draw = random(seed);
  const words = [...COMMON, ...RARE, ...RAREST, 'epub', 'ebooks', 'zip'];
  const word = () => {
    const whole = words[Math.floor(draw() * words.length)]!;
    return draw() < 0.3 ? whole.slice(0, 1 + Math.floor(draw() * whole.length)) : whole;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(draw() * 3) }, word).join(' '),
  );
}

describe.skipIf(testDb === 'postgres')('ranking a search of one spelling in one pass', () => {
  test.each([
    { products: 3000, candidates: 1000 },
    // Few candidates: title matches fill the room, or pass the first matches.
    { products: 3000, candidates: 40 },
    { products: 700, candidates: 7 },
  ])(
    'gives the pages the general way gives: $products products, $candidates candidates',
    ({ products, candidates }) => {
      const index = buildIndex(products, products + candidates);
      let planned = 0;
      for (const search of searches(400, candidates)) {
        const terms = searchTerms(search);
        const plan = oneSpelling(index, terms);
        if (!plan) continue;
        planned += 1;
        for (const [offset, limit] of [
          [0, 10],
          [10, 10],
          [0, 50],
          [candidates - 5, 10],
        ] as const) {
          const fast = pageOf(
            index,
            rankOneSpelling(index, plan, candidates),
            offset,
            limit,
            candidates,
          );
          const general = pageOf(
            index,
            rankByCursors(index, terms, candidates),
            offset,
            limit,
            candidates,
          );
          expect({ search, offset, ...fast }).toEqual({ search, offset, ...general });
        }
      }
      // Nearly every search has one live spelling; the rest go the general way.
      expect(planned).toBeGreaterThan(300);
    },
  );

  test('leaves a search two spellings match to the general way', () => {
    const index = buildIndex(500, 3);
    // "e book" is also "ebook", a word of the catalogue: two live spellings.
    expect(oneSpelling(index, ['e', 'book'])).toBeUndefined();
    expect(oneSpelling(index, ['zeppelin', 'pottery'])).toBeDefined();
    // No product holds "xylophone": no spelling is live.
    expect(oneSpelling(index, ['xylophone'])).toBeUndefined();
  });
});

describe.skipIf(testDb === 'postgres')('the bits of a common word', () => {
  test('tell which products hold it and where each is in its list', () => {
    const draw = random(11);
    const size = 5000;
    const docs = Int32Array.from(
      Array.from({ length: size }, (_, doc) => doc).filter(() => draw() < 0.3),
    );
    const bits = bitsOf(docs, size)!;
    const holding = new Set(docs);
    for (let doc = 0; doc < size; doc += 1) {
      expect(holds(bits, doc)).toBe(holding.has(doc));
    }
    docs.forEach((doc, position) => expect(positionOf(bits, doc)).toBe(position));
  });

  test('are kept only for a list of at least a sixteenth of the catalogue', () => {
    expect(bitsOf(Int32Array.from([1, 5, 9]), 1000)).toBeUndefined();
    const sixtyTwo = Int32Array.from({ length: 62 }, (_, doc) => doc * 15);
    expect(bitsOf(sixtyTwo, 1000)).toBeUndefined();
    expect(bitsOf(sixtyTwo, 992)).toBeDefined();
  });
});
