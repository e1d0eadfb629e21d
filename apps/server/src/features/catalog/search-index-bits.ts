// A word found in many products also keeps its list as one bit per product, with the count of
// products before each 32 of them: whether a product holds the word is one bit's test, and where
// it is in the list (for its weight) a count of bits, where a walk of the list took many steps.

/** A list at least this share of the catalogue gets bits: there they take less than its list. */
export const DENSE_SHARE = 1 / 16;

/** One bit per product of a list, and per 32 products how many of the list come before them. */
export interface ListBits {
  bits: Uint32Array;
  ranks: Int32Array;
}

/** The bits of a sorted list of products, of a catalogue of `size`; none for a short list. */
export function bitsOf(docs: Int32Array, size: number): ListBits | undefined {
  if (docs.length < size * DENSE_SHARE || docs.length === 0) return undefined;
  const bits = new Uint32Array((size + 31) >>> 5);
  for (let at = 0; at < docs.length; at += 1) bits[docs[at]! >>> 5]! |= 1 << (docs[at]! & 31);
  const ranks = new Int32Array(bits.length);
  let before = 0;
  for (let word = 0; word < bits.length; word += 1) {
    ranks[word] = before;
    before += ones(bits[word]!);
  }
  return { bits, ranks };
}

/** How many bits of `value` are set. */
function ones(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Whether the list holds `doc`. */
export function holds(list: ListBits, doc: number): boolean {
  return (list.bits[doc >>> 5]! & (1 << (doc & 31))) !== 0;
}

/** Where `doc` (which the list holds) is in the list. */
export function positionOf(list: ListBits, doc: number): number {
  const word = doc >>> 5;
  return list.ranks[word]! + ones(list.bits[word]! & ((1 << (doc & 31)) - 1));
}

/** Memory the bits take. */
export const bitsBytes = (list: ListBits | undefined) =>
  list ? list.bits.byteLength + list.ranks.byteLength : 0;
