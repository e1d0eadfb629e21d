/**
 * The catalogue's search index held in memory (decision 041): for every word of the products on
 * sale, the products holding it, newest first. A search reads it without a query, so a search the
 * store has not answered before costs tens of microseconds instead of milliseconds of the
 * database's full-text index, on SQLite and PostgreSQL alike. Built from the same folded search
 * columns the databases index (`searchText`), and matched and ranked by the same rules.
 */

import { bitsBytes, bitsOf, type ListBits } from './search-index-bits.js';

/** A product as the index reads it: its folded search columns, newest products first. */
export interface IndexedProduct {
  id: string;
  searchTitle: string;
  searchSubtitle: string;
  searchDescription: string;
  /** The file's format, which search finds as words too (migration 020). */
  format: string;
}

/**
 * How much each column weighs in the rank, as the databases weigh them (bm25's column weights
 * on SQLite, ts_rank's A–D on PostgreSQL): the title most, the format least. Kept doubled, so
 * a word's weighted count is a whole number.
 */
const DOUBLED_WEIGHTS = { title: 20, subtitle: 8, description: 2, format: 1 } as const;

/** The words a format adds to the index (as migration 020 indexes them). */
export function formatWords(format: string): string {
  return format === 'epub' ? 'epub ebook ebooks' : format;
}

/** One word's products (document numbers, ascending = newest first) and weighted counts. */
export interface Postings {
  docs: Int32Array;
  /** Per product: twice the word's count in each column times the column's weight. */
  weights: Uint16Array;
  /** For a word in many products, the list as bits too (search-index-bits). */
  bits?: ListBits;
}

export interface SearchIndex {
  /** Products indexed. */
  size: number;
  /** Every word, sorted, so the words a prefix stands for are one range of it. */
  words: string[];
  /** Per word (same order as `words`): where it is found in any column. */
  postings: Postings[];
  /** Per word: the products with it in their title, with the title's weighted count alone. */
  titlePostings: Postings[];
  /** Per product: its number of words in all columns. */
  lengths: Uint16Array;
  /** Average number of words per product. */
  averageLength: number;
  /** The product id of a document number. */
  idOf(doc: number): string;
  /** Memory held by the index's arrays, in bytes (approximate, for the log and the benchmark). */
  bytes: number;
}

/**
 * A typed array that grows by doubling. Its items are handed out as a view of its length, not
 * copied to fit: a copy would leave the grown arrays (as large again as the index) as garbage
 * that only a full collection frees, and a store's heap seldom needs one (at 1,000,000
 * products that held 560 MiB against 340 for the views, their unused ends included).
 */
class Growing<T extends Int32Array | Uint16Array> {
  length = 0;
  constructor(
    public items: T,
    private readonly make: (size: number) => T,
  ) {}
  push(value: number) {
    if (this.length === this.items.length) {
      const bigger = this.make(Math.max(4, this.items.length * 2));
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.length++] = value;
  }
  trimmed(): T {
    return this.items.subarray(0, this.length) as T;
  }
  /** Memory held, the unused end included. */
  get bytes() {
    return this.items.byteLength;
  }
}

const int32s = (size: number) => new Int32Array(size);
const uint16s = (size: number) => new Uint16Array(size);

interface WordBuild {
  docs: Growing<Int32Array>;
  weights: Growing<Uint16Array>;
  title: Growing<Int32Array>;
  titleWeights: Growing<Uint16Array>;
}

const newWord = (): WordBuild => ({
  docs: new Growing(new Int32Array(4), int32s),
  weights: new Growing(new Uint16Array(4), uint16s),
  title: new Growing(new Int32Array(0), int32s),
  titleWeights: new Growing(new Uint16Array(0), uint16s),
});

/** A Uint32Array twice as long holding the same values. */
function doubled(values: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const more = new Uint32Array(values.length * 2);
  more.set(values);
  return more;
}

/**
 * Builds an index from products given newest first (document numbers follow that order, so
 * reading a word's products from the start reads the newest first).
 */
class IndexBuilder {
  private readonly wordIds = new Map<string, number>();
  private readonly built: WordBuild[] = [];
  private readonly lengths = new Growing(new Uint16Array(1024), uint16s);
  // Product ids packed one after the other (ids are short ASCII), with where each starts.
  private readonly idStarts = new Growing(new Int32Array(1024), int32s);
  private idText = '';
  private idChunks: string[] = [];
  private packedLength = 0;
  private tokens = 0;
  // Per word, within the product being added: its weighted count in all columns and in the title.
  private counts = new Uint32Array(1024);
  private titleCounts = new Uint32Array(1024);
  private readonly seen: number[] = [];

  private wordId(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.built.length;
      this.wordIds.set(word, id);
      this.built.push(newWord());
      if (id >= this.counts.length) {
        this.counts = doubled(this.counts);
        this.titleCounts = doubled(this.titleCounts);
      }
    }
    return id;
  }

  /** Counts the words of one column; returns how many there were. */
  private countWords(text: string, weight: number, title: boolean): number {
    if (text === '') return 0;
    let words = 0;
    for (const word of text.split(' ')) {
      if (word === '') continue;
      words += 1;
      const id = this.wordId(word);
      if (this.counts[id] === 0) this.seen.push(id);
      this.counts[id]! += weight;
      if (title) this.titleCounts[id]! += weight;
    }
    return words;
  }

  add(product: IndexedProduct) {
    const doc = this.lengths.length;
    const length =
      this.countWords(product.searchTitle, DOUBLED_WEIGHTS.title, true) +
      this.countWords(product.searchSubtitle, DOUBLED_WEIGHTS.subtitle, false) +
      this.countWords(product.searchDescription, DOUBLED_WEIGHTS.description, false) +
      this.countWords(formatWords(product.format), DOUBLED_WEIGHTS.format, false);
    this.lengths.push(Math.min(length, 0xffff));
    this.tokens += length;
    for (const id of this.seen) {
      const word = this.built[id]!;
      word.docs.push(doc);
      word.weights.push(Math.min(this.counts[id]!, 0xffff));
      if (this.titleCounts[id]) {
        word.title.push(doc);
        word.titleWeights.push(Math.min(this.titleCounts[id]!, 0xffff));
      }
      this.counts[id] = 0;
      this.titleCounts[id] = 0;
    }
    this.seen.length = 0;
    this.idStarts.push(this.packedLength);
    this.idChunks.push(product.id);
    this.packedLength += product.id.length;
    if (this.idChunks.length >= 4096) {
      this.idText += this.idChunks.join('');
      this.idChunks = [];
    }
  }

  /** The finished index; the builder is spent. */
  finish(): SearchIndex {
    const text = this.idText + this.idChunks.join('');
    const words = [...this.wordIds.keys()].sort();
    const postings: Postings[] = [];
    const titlePostings: Postings[] = [];
    let bytes = 0;
    for (const word of words) {
      const build = this.built[this.wordIds.get(word)!]!;
      const docs = build.docs.trimmed();
      const titleDocs = build.title.trimmed();
      const bits = bitsOf(docs, this.lengths.length);
      const titleBits = bitsOf(titleDocs, this.lengths.length);
      postings.push({ docs, weights: build.weights.trimmed(), bits });
      titlePostings.push({
        docs: titleDocs,
        weights: build.titleWeights.trimmed(),
        bits: titleBits,
      });
      bytes += build.docs.bytes + build.weights.bytes + build.title.bytes;
      bytes += bitsBytes(bits) + bitsBytes(titleBits);
      bytes += build.titleWeights.bytes + word.length * 2 + 96;
    }
    const size = this.lengths.length;
    const starts = this.idStarts.trimmed();
    bytes += this.lengths.bytes + this.idStarts.bytes + text.length;
    return {
      size,
      words,
      postings,
      titlePostings,
      lengths: this.lengths.trimmed(),
      averageLength: size === 0 ? 0 : this.tokens / size,
      idOf: (doc) => text.slice(starts[doc]!, doc + 1 < size ? starts[doc + 1]! : text.length),
      bytes,
    };
  }
}

export const createIndexBuilder = () => new IndexBuilder();
