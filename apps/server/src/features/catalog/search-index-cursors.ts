// Reading the index's lists of products in step: a word's, any of several, all of several.

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

export class ListCursor implements Cursor {
  doc: number;
  private position = 0;
  constructor(private readonly docs: Int32Array) {
    this.doc = docs.length > 0 ? docs[0]! : END;
  }
  advanceTo(target: number) {
    if (this.doc >= target) return;
    this.position = seek(this.docs, this.position, target);
    this.doc = this.position < this.docs.length ? this.docs[this.position]! : END;
  }
}

/** Any of its cursors: the words a prefix stands for, the spellings of a search. */
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

/** All of its cursors: every word of a spelling. */
export class AllCursor implements Cursor {
  doc = -1;
  constructor(private readonly cursors: Cursor[]) {
    this.advanceTo(0);
  }
  advanceTo(target: number) {
    if (this.doc >= target) return;
    let goal = target;
    for (;;) {
      let agreed = true;
      for (const cursor of this.cursors) {
        cursor.advanceTo(goal);
        if (cursor.doc !== goal) {
          agreed = false;
          goal = cursor.doc;
          if (goal === END) break;
        }
      }
      if (agreed || goal === END) {
        this.doc = goal;
        return;
      }
    }
  }
}
