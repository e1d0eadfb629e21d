// The common search, answered in one pass: one way of writing it has all its words in the
// catalogue, and no other word it could stand for is anywhere. Each word's weight in a product
// is read while the products holding every word are found, so ranking them walks no list again.
import { END, seek, stepTo } from './search-index-cursors.js';
import type { Postings, SearchIndex } from './search-index.js';
import { holds, positionOf } from './search-index-bits.js';
import { postingsOf } from './search-index-words.js';
import { spellings } from './search-terms.js';

/** bm25's constants, as SQLite's FTS5 uses them. */
export const K1 = 1.2;
export const B = 0.75;

/** One word's rarity, as FTS5 computes it: never zero or below, so a match always counts. */
export function rarity(index: SearchIndex, found: number): number {
  const idf = Math.log((index.size - found + 0.5) / (found + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/** A product's length in bm25's denominator: K1 · (1 − B + B · length / average length). */
export function lengthNorm(length: number, averageLength: number): number {
  return K1 * (1 - B + (B * length) / averageLength);
}

/**
 * One word's part in a product's bm25, in FTS5's own order of operations (so equal products
 * score exactly alike on both): the norm is `lengthNorm` of the product.
 */
export function bm25Part(idf: number, count: number, norm: number): number {
  return idf * ((count * (K1 + 1)) / (count + norm));
}

/** Products holding every word of a spelling, and each word's weighted count in each. */
interface Weighed {
  docs: Int32Array;
  /** Per product found: where it is in the list walked (the shortest). */
  walkedAt: Int32Array;
  /** Per word (as the lists), per product found: the word's weighted count in it. */
  counts: Float64Array[];
  size: number;
}

/**
 * Arrays reused from one search to the next (searches run one at a time on the one thread), per
 * use and number of words: a search then allocates next to nothing.
 */
const reused = { all: [] as Weighed[], title: [] as Weighed[] };
function weighedArrays(which: 'all' | 'title', words: number, room: number): Weighed {
  let kept = reused[which][words];
  if (kept?.docs.length !== room) {
    kept = {
      docs: new Int32Array(room),
      walkedAt: new Int32Array(room),
      counts: Array.from({ length: words }, () => new Float64Array(room)),
      size: 0,
    };
    reused[which][words] = kept;
  }
  kept.size = 0;
  return kept;
}

/**
 * Up to `into.docs.length` products holding every one of `lists`, newest first, with each
 * list's weighted count in them: the shortest list walked, the others stepped through with it.
 */
function intersect(lists: Postings[], into: Weighed): Weighed {
  let shortest = 0;
  for (let at = 1; at < lists.length; at += 1) {
    if (lists[at]!.docs.length < lists[shortest]!.docs.length) shortest = at;
  }
  const others = lists.filter((_, at) => at !== shortest);
  const size = others.every((list) => list.bits)
    ? walkAgainstBits(lists[shortest]!, others, into)
    : walkInStep(lists[shortest]!, others, into);
  // Each word's weight in each product found, read where the product is in its list.
  for (let at = 0; at < lists.length; at += 1) {
    const { docs, weights, bits } = lists[at]!;
    const counts = into.counts[at]!;
    if (at === shortest) {
      for (let found = 0; found < size; found += 1) {
        counts[found] = weights[into.walkedAt[found]!]! / 2;
      }
    } else if (bits) {
      for (let found = 0; found < size; found += 1) {
        counts[found] = weights[positionOf(bits, into.docs[found]!)]! / 2;
      }
    } else {
      let position = 0;
      for (let found = 0; found < size; found += 1) {
        position = stepTo(docs, position, into.docs[found]!);
        counts[found] = weights[position]! / 2;
      }
    }
  }
  into.size = size;
  return into;
}

/** The products of `walked` every one of `others` (each with bits) holds, up to `into`'s room. */
function walkAgainstBits(walked: Postings, others: Postings[], into: Weighed): number {
  const docs = walked.docs;
  const { docs: found, walkedAt } = into;
  let size = 0;
  if (others.length === 1) {
    // Two words, the most common search: one bit to read per product. Each product is written
    // down and kept only if its bit is set: whether it is cannot be foretold, and a branch on it
    // mispredicted half the time took most of a two-word search's walk.
    const bits = others[0]!.bits!.bits;
    for (let position = 0; position < docs.length && size < found.length; position += 1) {
      const doc = docs[position]!;
      found[size] = doc;
      walkedAt[size] = position;
      size += (bits[doc >>> 5]! >>> (doc & 31)) & 1;
    }
    return size;
  }
  const bits = others.map((list) => list.bits!);
  candidates: for (let position = 0; position < docs.length && size < found.length; position += 1) {
    const doc = docs[position]!;
    for (let at = 0; at < bits.length; at += 1) if (!holds(bits[at]!, doc)) continue candidates;
    found[size] = doc;
    walkedAt[size++] = position;
  }
  return size;
}

/** The same by stepping through the other lists along with `walked`. */
function walkInStep(walked: Postings, others: Postings[], into: Weighed): number {
  const positions = new Int32Array(others.length);
  const { docs: found, walkedAt } = into;
  const docs = walked.docs;
  let size = 0;
  candidates: for (let position = 0; position < docs.length && size < found.length; position += 1) {
    const doc = docs[position]!;
    for (let at = 0; at < others.length; at += 1) {
      const { docs: theirs, bits } = others[at]!;
      if (bits) {
        if (!holds(bits, doc)) continue candidates;
        continue;
      }
      const step = stepTo(theirs, positions[at]!, doc);
      positions[at] = step;
      if (step === theirs.length) break candidates;
      if (theirs[step] !== doc) continue candidates;
    }
    found[size] = doc;
    walkedAt[size++] = position;
  }
  return size;
}

/**
 * The bm25 of the `at`-th product of `found`: the parts of the words in `parts` order (the
 * query's phrases, a word once per spelling it is in), added in that order.
 */
function scoreOf(
  index: SearchIndex,
  found: Weighed,
  rarities: number[],
  parts: number[],
  at: number,
): number {
  const norm = lengthNorm(index.lengths[found.docs[at]!]!, index.averageLength);
  let total = 0;
  for (const word of parts) total += bm25Part(rarities[word]!, found.counts[word]![at]!, norm);
  return total;
}

/** How a search of one live spelling reads the index. */
export interface SpellingPlan {
  /** Each word's list (a prefix's words merged), anywhere and in titles. */
  lists: Postings[];
  titleLists: Postings[];
  /** Which list each phrase of the query reads, in the query's order (FTS5 scores each). */
  parts: number[];
}

const NO_LIST: Postings = { docs: new Int32Array(0), weights: new Uint16Array(0), bits: undefined };

/**
 * The plan of a search when only one way of writing it has all its words in the catalogue and
 * no other word it could stand for is anywhere (almost every search); undefined otherwise.
 */
export function oneSpelling(index: SearchIndex, terms: string[]): SpellingPlan | undefined {
  const ways = spellings(terms);
  let live: { way: string[]; lists: Postings[] } | undefined;
  for (const way of ways) {
    const lists = way.map((term) => postingsOf(index, index.postings, term));
    if (lists.some((list) => list === undefined)) continue;
    if (live) return undefined;
    live = { way, lists: lists as Postings[] };
  }
  if (!live) return undefined;
  const parts: number[] = [];
  for (const term of ways.flat()) {
    const at = live.way.indexOf(term);
    if (at >= 0) parts.push(at);
    else if (postingsOf(index, index.postings, term)) return undefined;
  }
  const titleLists = live.way.map(
    (term) => postingsOf(index, index.titlePostings, term) ?? NO_LIST,
  );
  return { lists: live.lists, titleLists, parts };
}

/** The candidates, sorted, and each one's score. */
export interface Ranked {
  docs: Int32Array;
  scores: Float64Array;
  /** Products holding every word, as many as were counted (`candidates` + 1 at most). */
  matched: number;
}

const rankedArrays = { docs: new Int32Array(0), scores: new Float64Array(0) };

/**
 * The candidates of a search of one spelling, with their scores, by the rules of the database
 * search (catalog-search.repo): every product with every word in its title (up to
 * `candidates`), then the first products with every word anywhere, up to `candidates` in all.
 * A product among those first matches is scored by all its columns; a title match beyond them,
 * by its title alone (the title's counts and rarities).
 */
export function rankOneSpelling(
  index: SearchIndex,
  { lists, titleLists, parts }: SpellingPlan,
  candidates: number,
): Ranked {
  const matches = intersect(lists, weighedArrays('all', lists.length, candidates + 1));
  const inTitle = intersect(titleLists, weighedArrays('title', lists.length, candidates));
  const rarities = lists.map((list) => rarity(index, list.docs.length));
  const titleRarities = titleLists.map((list) => rarity(index, list.docs.length));
  if (rankedArrays.docs.length !== candidates) {
    rankedArrays.docs = new Int32Array(candidates);
    rankedArrays.scores = new Float64Array(candidates);
  }
  const { docs, scores } = rankedArrays;
  const first = Math.min(matches.size, candidates);
  const last = first > 0 ? matches.docs[first - 1]! : -1;
  let size = 0;
  let title = 0;
  let match = 0;
  let room = candidates - inTitle.size;
  // Where a title match among the first matches was last looked up (when none is taken).
  let lookup = 0;
  const firstMatches = matches.docs.subarray(0, first);
  while (title < inTitle.size || (room > 0 && match < first)) {
    const nextMatch = room > 0 && match < first ? matches.docs[match]! : END;
    const nextTitle = title < inTitle.size ? inTitle.docs[title]! : END;
    if (nextTitle > nextMatch) {
      docs[size] = nextMatch;
      scores[size++] = scoreOf(index, matches, rarities, parts, match++);
      room -= 1;
      continue;
    }
    docs[size] = nextTitle;
    if (nextTitle === nextMatch) {
      scores[size++] = scoreOf(index, matches, rarities, parts, match++);
    } else if (nextTitle <= last) {
      // One of the first matches, though they are not taken (the title matches fill the room).
      lookup = seek(firstMatches, lookup, nextTitle);
      scores[size++] = scoreOf(index, matches, rarities, parts, lookup);
    } else {
      // Past the first matches: found by its title, scored by its title.
      scores[size++] = scoreOf(index, inTitle, titleRarities, parts, title);
    }
    title += 1;
  }
  return { docs: docs.subarray(0, size), scores: scores.subarray(0, size), matched: matches.size };
}
