import type { Postings, SearchIndex } from './search-index.js';
import {
  AllListsCursor,
  AnyCursor,
  END,
  ListCursor,
  seek,
  stepTo,
  type Cursor,
} from './search-index-cursors.js';
import { postingsOf } from './search-index-words.js';
import { spellings } from './search-terms.js';
import {
  bm25Part,
  lengthNorm,
  oneSpelling,
  rankOneSpelling,
  rarity,
  type Ranked,
} from './search-index-one-spelling.js';

function matchCursor(index: SearchIndex, terms: string[], titleOnly: boolean): Cursor {
  const lists = titleOnly ? index.titlePostings : index.postings;
  const cursors: Cursor[] = [];
  for (const way of spellings(terms)) {
    const docs = way.map((term) => postingsOf(index, lists, term)?.docs);
    // A spelling with a word no product holds matches nothing ("e book" as "ebook", mostly).
    if (docs.every((list) => list !== undefined && list.length > 0)) {
      const words = docs as Int32Array[];
      cursors.push(words.length === 1 ? new ListCursor(words[0]!) : new AllListsCursor(words));
    }
  }
  return cursors.length === 1 ? cursors[0]! : new AnyCursor(cursors);
}

/**
 * Arrays a search fills and drops, reused from one search to the next (searches run one at a
 * time, start to end, on the one thread): a search then allocates next to nothing, so a burst
 * of searches costs the garbage collector little.
 */
const scratch = {
  size: 0,
  matches: new Int32Array(0),
  title: new Int32Array(0),
  picked: new Int32Array(0),
  counts: [] as Float64Array[],
};
function scratchFor(candidates: number) {
  if (scratch.size !== candidates) {
    scratch.size = candidates;
    scratch.matches = new Int32Array(candidates + 1);
    scratch.title = new Int32Array(candidates);
    scratch.picked = new Int32Array(candidates);
    scratch.counts = [];
  }
  return scratch;
}
/** The `at`-th array of counts per candidate, zeroed. */
function countsArray(at: number, length: number): Float64Array {
  const counts = (scratch.counts[at] ??= new Float64Array(scratch.size));
  counts.fill(0, 0, length);
  return counts;
}

/** Up to `into.length` matches of `cursor`, newest first, written into `into`. */
function collect(cursor: Cursor, into: Int32Array): Int32Array {
  return into.subarray(0, cursor.fill(into));
}

/**
 * Adds, for each candidate (sorted), the weighted count of one word in it; galloping through
 * the longer of the two lists from the shorter one.
 */
function addCounts(
  candidates: Int32Array,
  docs: Int32Array,
  weights: Uint16Array,
  counts: Float64Array,
) {
  if (docs.length < candidates.length) {
    let at = 0;
    for (let index = 0; index < docs.length && at < candidates.length; index += 1) {
      at = seek(candidates, at, docs[index]!);
      if (candidates[at] === docs[index]) counts[at]! += weights[index]! / 2;
    }
  } else {
    let at = 0;
    for (let index = 0; index < candidates.length && at < docs.length; index += 1) {
      at = stepTo(docs, at, candidates[index]!);
      if (docs[at] === candidates[index]) counts[index]! += weights[at]! / 2;
    }
  }
}

/**
 * bm25 of every candidate for the search's phrases (each word of each spelling, as SQLite's
 * FTS5 scores the same query), with the columns weighted title 10, subtitle 4, description 1,
 * format 0.5; counting only the title when `lists` are the title's. Higher is better.
 */
function scores(
  index: SearchIndex,
  lists: Postings[],
  terms: string[],
  candidates: Int32Array,
  /** Which reused array holds the result (two results are compared). */
  slot: 0 | 1,
): Float64Array {
  const total = countsArray(slot, candidates.length);
  const perTerm = new Map<string, Float64Array>();
  for (const term of spellings(terms).flat()) {
    const read = postingsOf(index, lists, term);
    if (!read) continue;
    let counts = perTerm.get(term);
    if (!counts) {
      counts = countsArray(perTerm.size + 2, candidates.length);
      addCounts(candidates, read.docs, read.weights, counts);
      perTerm.set(term, counts);
    }
    const idf = rarity(index, read.docs.length);
    for (let at = 0; at < candidates.length; at += 1) {
      const count = counts[at]!;
      if (count === 0) continue;
      const norm = lengthNorm(index.lengths[candidates[at]!]!, index.averageLength);
      total[at]! += bm25Part(idf, count, norm);
    }
  }
  return total;
}

/** A page of a search from the index: product ids in rank order, and the capped total. */
export interface IndexedSearchPage {
  ids: string[];
  total: number;
  more: boolean;
}

/**
 * The candidates as the database search picks them: every title match (up to `candidates`),
 * then the first matches that are not title matches, up to `candidates` in all; sorted.
 */
function pickCandidates(matches: Int32Array, inTitle: Int32Array, candidates: number) {
  const picked = scratch.picked;
  let size = 0;
  let title = 0;
  let match = 0;
  let room = candidates - inTitle.length;
  while (title < inTitle.length || (room > 0 && match < matches.length)) {
    const nextMatch = room > 0 && match < matches.length ? matches[match]! : END;
    const nextTitle = title < inTitle.length ? inTitle[title]! : END;
    if (nextTitle <= nextMatch) {
      picked[size++] = nextTitle;
      title += 1;
      if (nextTitle === nextMatch) match += 1;
    } else {
      picked[size++] = nextMatch;
      match += 1;
      room -= 1;
    }
  }
  return picked.subarray(0, size);
}

/**
 * The `count` best candidates, best first: the highest score, the newest among equals.
 * Candidates come newest first, so a later one never beats an equal earlier one.
 */
function best(docs: Int32Array, score: Float64Array, count: number): number[] {
  if (count >= docs.length) {
    return Array.from(docs.keys()).sort((a, b) => score[b]! - score[a]! || a - b);
  }
  const top: number[] = [];
  for (let at = 0; at < docs.length; at += 1) {
    const value = score[at]!;
    if (top.length === count && value <= score[top[count - 1]!]!) continue;
    let place = top.length;
    while (place > 0 && score[top[place - 1]!]! < value) place -= 1;
    top.splice(place, 0, at);
    if (top.length > count) top.pop();
  }
  return top;
}

/**
 * The candidates of any search and their scores, by the rules of the database search
 * (catalog-search.repo): every spelling's lists read through cursors, each word's counts looked
 * up per candidate. `searchIndex` takes this way only for the few searches `oneSpelling` does
 * not plan; tests hold the two ways to the same answers.
 */
export function rankByCursors(index: SearchIndex, terms: string[], candidates: number): Ranked {
  const space = scratchFor(candidates);
  const matches = collect(matchCursor(index, terms, false), space.matches);
  const inTitle = collect(matchCursor(index, terms, true), space.title);
  const docs = pickCandidates(matches.subarray(0, candidates), inTitle, candidates);
  const score = scores(index, index.postings, terms, docs, 0);
  // As the database search does: a candidate beyond the first matches (found by its title
  // alone) is scored by its title alone, the title's word counts and rarity.
  const last = matches[Math.min(matches.length, candidates) - 1] ?? -1;
  if (docs.length > 0 && docs[docs.length - 1]! > last) {
    const byTitle = scores(index, index.titlePostings, terms, docs, 1);
    let match = 0;
    for (let at = 0; at < docs.length; at += 1) {
      const doc = docs[at]!;
      while (match < candidates && match < matches.length && matches[match]! < doc) match += 1;
      if (doc > last || matches[match] !== doc) score[at] = byTitle[at]!;
    }
  }
  return { docs, scores: score, matched: matches.length };
}

/** The page `offset`–`offset + limit` of ranked candidates: best first, the newest among equals. */
export function pageOf(
  index: SearchIndex,
  { docs, scores: score, matched }: Ranked,
  offset: number,
  limit: number,
  candidates: number,
): IndexedSearchPage {
  return {
    ids: best(docs, score, offset + limit)
      .slice(offset)
      .map((at) => index.idOf(docs[at]!)),
    total: Math.min(matched, candidates),
    more: matched > candidates,
  };
}

/**
 * A search answered from the index by the rules of the database search (catalog-search.repo):
 * at most `candidates` products, those with every word in the title first, then the others,
 * newest first within each; ranked by bm25, the newest first among equals.
 */
export function searchIndex(
  index: SearchIndex,
  terms: string[],
  offset: number,
  limit: number,
  candidates: number,
): IndexedSearchPage {
  const plan = oneSpelling(index, terms);
  const ranked = plan
    ? rankOneSpelling(index, plan, candidates)
    : rankByCursors(index, terms, candidates);
  return pageOf(index, ranked, offset, limit, candidates);
}
