// Reading the index's lists of products in step: all of several lists, any of several cursors.

/** A document number past every product: a cursor there has run out. */
export const END = 0x7fffffff;

/** Products matching a query in document order (newest first), read forward one at a time. */
export interface Cursor {
  /** The current product, or END. */
  doc: number;
  /** Moves to the first product at or after `target`. */
  advanceTo(target: number): void;
}

/** The first position at or after `from` in sorted `docs` holding `target` or more (galloping). */
export function seek(docs: Int32Array, from: number, target: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < docs.length && docs[high]! < target) {
    low = high + 1;
    high = low + step;
    step *= 2;
  }
  if (high > docs.length) high = docs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (docs[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Any of its cursors: the spellings of a search. */
export class AnyCursor implements Cursor {
  doc = END;
  constructor(private readonly cursors: Cursor[]) {
    this.settle();
  }
  private settle() {
    let least = END;
    for (const cursor of this.cursors) if (cursor.doc < least) least = cursor.doc;
    this.doc = least;
  }
  advanceTo(target: number) {
    if (this.doc >= target) return;
    for (const cursor of this.cursors) cursor.advanceTo(target);
    this.settle();
  }
}

/** All of several lists (the words of a spelling, each one list): the products in all of them. */
export class AllListsCursor implements Cursor {
  doc = -1;
  private readonly positions: Int32Array;
  constructor(private readonly lists: Int32Array[]) {
    this.positions = new Int32Array(lists.length);
    this.advanceTo(0);
  }
  advanceTo(target: number) {
    if (this.doc >= target) return;
    const { lists, positions } = this;
    let goal = target;
    // How many lists in a row, up to the current one, hold `goal`.
    let agreed = 0;
    for (let at = 0; agreed < lists.length; at = at + 1 === lists.length ? 0 : at + 1) {
      const docs = lists[at]!;
      const position = seek(docs, positions[at]!, goal);
      positions[at] = position;
      if (position === docs.length) {
        this.doc = END;
        return;
      }
      const doc = docs[position]!;
      if (doc === goal) agreed += 1;
      else [goal, agreed] = [doc, 1];
    }
    this.doc = goal;
  }
}
