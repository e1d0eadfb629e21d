// Reading the index's lists of products in step: one list, all of several lists, any of several
// cursors; each walked a product at a time, or filled into an array at once.

/** A document number past every product: a cursor there has run out. */
export const END = 0x7fffffff;

/** Products matching a query in document order (newest first), read forward one at a time. */
export interface Cursor {
  /** The current product, or END. */
  doc: number;
  /** Moves to the first product at or after `target`. */
  advanceTo(target: number): void;
  /**
   * Writes its products from the current one on into `into`, as many as fit, and answers how
   * many; the cursor is spent after it.
   */
  fill(into: Int32Array): number;
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

/**
 * `seek` for a walk in step with another list: a few steps one at a time first, since in two
 * lists of similar length the next match is seldom far; galloping past that.
 */
export function stepTo(docs: Int32Array, from: number, target: number): number {
  let at = from;
  for (let steps = 0; steps < 8; steps += 1) {
    if (at >= docs.length || docs[at]! >= target) return at;
    at += 1;
  }
  return seek(docs, at, target);
}

/** One list: a one-word search, or a prefix whose words were merged into one list. */
export class ListCursor implements Cursor {
  doc: number;
  /** Where `doc` is in the list. */
  at = 0;
  constructor(readonly docs: Int32Array) {
    this.doc = docs.length > 0 ? docs[0]! : END;
  }
  advanceTo(target: number) {
    if (this.doc >= target) return;
    this.at = seek(this.docs, this.at, target);
    this.doc = this.at < this.docs.length ? this.docs[this.at]! : END;
  }
  fill(into: Int32Array) {
    const found = this.docs.subarray(this.at, this.at + into.length);
    into.set(found);
    this.doc = END;
    return found.length;
  }
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
  fill(into: Int32Array) {
    let size = 0;
    while (this.doc !== END && size < into.length) {
      into[size++] = this.doc;
      this.advanceTo(this.doc + 1);
    }
    this.doc = END;
    return size;
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
  /** The shortest list walked, the others stepped through in turn: no cursor calls per product. */
  fill(into: Int32Array) {
    const { lists, positions } = this;
    let shortest = 0;
    for (let at = 1; at < lists.length; at += 1) {
      if (lists[at]!.length < lists[shortest]!.length) shortest = at;
    }
    const walked = lists[shortest]!;
    let size = 0;
    let position = this.doc === END ? walked.length : positions[shortest]!;
    candidates: for (; position < walked.length && size < into.length; position += 1) {
      const doc = walked[position]!;
      for (let at = 0; at < lists.length; at += 1) {
        if (at === shortest) continue;
        const docs = lists[at]!;
        const found = stepTo(docs, positions[at]!, doc);
        positions[at] = found;
        if (found === docs.length) break candidates;
        if (docs[found] !== doc) continue candidates;
      }
      into[size++] = doc;
    }
    this.doc = END;
    return size;
  }
}
