// The lists of products a search word reads: a prefix stands for every word it starts.
import type { Postings, SearchIndex } from './search-index.js';
import { bitsBytes, bitsOf } from './search-index-bits.js';

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

/**
 * What merged lists may hold per set of lists, as a share of the index's own size: the 43 words
 * of the benchmark's cold searches that stand for several words take about 10 MiB at 100,000
 * products, against an index of 35 MiB.
 */
const MERGED_SHARE = 1 / 3;

/** The merged lists of one set of lists (anywhere, or titles), most recently read last. */
interface MergedLists {
  lists: Map<string, Postings>;
  bytes: number;
}
const mergedLists = new WeakMap<Postings[], MergedLists>();

const sizeOf = (list: Postings) =>
  list.docs.byteLength + list.weights.byteLength + bitsBytes(list.bits);

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
  return { docs, weights, bits: bitsOf(docs, index.size) };
}

/**
 * The list a search word (a prefix) reads: its one word's, or one list of all the words it
 * stands for ("garden" for garden, gardening, gardens), merged on first use and kept while
 * there is room, so a search walks one list per word and knows how many products hold it.
 * Undefined when no word starts with it.
 */
export function postingsOf(
  index: SearchIndex,
  lists: Postings[],
  term: string,
): Postings | undefined {
  const [first, end] = wordRange(index, term);
  if (end === first) return undefined;
  if (end - first === 1) return lists[first];
  let merged = mergedLists.get(lists);
  if (!merged) mergedLists.set(lists, (merged = { lists: new Map(), bytes: 0 }));
  let list = merged.lists.get(term);
  if (list) {
    merged.lists.delete(term);
  } else {
    list = merge(index, lists, first, end);
    merged.bytes += sizeOf(list);
  }
  merged.lists.set(term, list);
  const room = index.bytes * MERGED_SHARE;
  for (const [oldest, old] of merged.lists) {
    if (merged.bytes <= room || old === list) break;
    merged.lists.delete(oldest);
    merged.bytes -= sizeOf(old);
  }
  return list;
}

/** The words whose merged lists `lists` keeps, least recently read first, and their size. */
export function keptMergedLists(lists: Postings[]): { terms: string[]; bytes: number } {
  const merged = mergedLists.get(lists);
  return { terms: [...(merged?.lists.keys() ?? [])], bytes: merged?.bytes ?? 0 };
}
