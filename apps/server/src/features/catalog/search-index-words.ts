// The lists of products a search word reads: a prefix stands for every word it starts.
import type { Postings, SearchIndex } from './search-index.js';

/** The range of `index.words` starting with `prefix`. */
function wordRange(index: SearchIndex, prefix: string): [number, number] {
  const { words } = index;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < words.length && words[end]!.startsWith(prefix)) end += 1;
  return [low, end];
}

/** The products matching any spelling of the terms, every word as a prefix. */
/** A prefix standing for more words than this is read as one list, merged once and kept. */
const MERGE_FROM = 5;
/** Merged lists kept per index at most (short prefixes: "a", "ph", "sto"…). */
const MAX_MERGED = 256;
const mergedLists = new WeakMap<Postings[], Map<string, Postings>>();

/** One list of the products holding any of the words `first`–`end` of `lists`, counts summed. */
function merge(index: SearchIndex, lists: Postings[], first: number, end: number): Postings {
  const sums = new Uint32Array(index.size);
  let found = 0;
  for (let word = first; word < end; word += 1) {
    const { docs, weights } = lists[word]!;
    for (let at = 0; at < docs.length; at += 1) {
      if (sums[docs[at]!] === 0) found += 1;
      sums[docs[at]!]! += weights[at]!;
    }
  }
  const docs = new Int32Array(found);
  const weights = new Uint16Array(found);
  let size = 0;
  for (let doc = 0; doc < sums.length && size < found; doc += 1) {
    if (sums[doc] === 0) continue;
    docs[size] = doc;
    weights[size++] = Math.min(sums[doc]!, 0xffff);
  }
  return { docs, weights };
}

/** The lists a search word (a prefix) reads: one per word it stands for, or one merged list. */
export function postingsOf(index: SearchIndex, lists: Postings[], term: string): Postings[] {
  const [first, end] = wordRange(index, term);
  if (end - first < MERGE_FROM) return lists.slice(first, end);
  let merged = mergedLists.get(lists);
  if (!merged) mergedLists.set(lists, (merged = new Map()));
  let list = merged.get(term);
  if (!list) {
    if (merged.size >= MAX_MERGED) merged.clear();
    merged.set(term, (list = merge(index, lists, first, end)));
  }
  return [list];
}

/** One mark per product, reused: a new stamp clears them all without writing them. */
let marks = { seen: new Uint32Array(0), stamp: 0 };
function freshMarks(size: number) {
  if (marks.seen.length < size || marks.stamp === 0xffffffff) {
    marks = { seen: new Uint32Array(size), stamp: 0 };
  }
  marks.stamp += 1;
  return marks;
}

/**
 * How many products hold a word starting with `prefix` (in `lists`: anywhere, or in the title),
 * kept per list set (an index never changes).
 */
const productCounts = new WeakMap<Postings[], Map<string, number>>();
export function productsWith(
  index: SearchIndex,
  lists: Postings[],
  prefix: string,
  read: Postings[],
) {
  let counts = productCounts.get(lists);
  if (!counts) productCounts.set(lists, (counts = new Map()));
  let count = counts.get(prefix);
  if (count === undefined) {
    if (read.length === 1) count = read[0]!.docs.length;
    else {
      const marks = freshMarks(index.size);
      count = 0;
      for (const { docs } of read) {
        for (const doc of docs) {
          if (marks.seen[doc] !== marks.stamp) {
            marks.seen[doc] = marks.stamp;
            count += 1;
          }
        }
      }
    }
    if (counts.size >= 10_000) counts.clear();
    counts.set(prefix, count);
  }
  return count;
}
