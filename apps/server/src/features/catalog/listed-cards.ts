// A listed product's JSON as the catalogue's pages and searches show it, kept while the search
// index it was shown by is current (decision 041, the fifth pass). The searches a cache of whole
// answers never sees twice still show the same products again and again: the cold mix's 10,000
// searches showed 100,000 products, 33,000 of them different. A product shown again is then
// neither read from the database nor made into JSON again.

/** The index build a search was answered from: cards are kept for one at a time. */
export type IndexGeneration = number;

/**
 * Keeps at most `maxBytes` of cards (a string's length, which JSON of ASCII text is close to), in
 * two halves: the recently shown, and the ones shown before them. Once the recent half is full it
 * becomes the older one and the older is let go; a card shown from the older half moves to the
 * recent one. Each step is a lookup, where keeping every card in the order shown (deleting and
 * setting it again in one Map, the oldest let go first) took a tenth of a cold search's time.
 * Cards belong to one index generation: a search of a newer one starts afresh. A product written
 * here makes the index stale at once, one written elsewhere once the quarter-second change check
 * has seen the catalogue's version move: no card outlives its product longer than a kept answer.
 */
export function createListedCards(maxBytes: number) {
  let generation: IndexGeneration | undefined;
  let recent = new Map<string, string>();
  let older = new Map<string, string>();
  let recentBytes = 0;

  function keep(id: string, card: string) {
    if (recent.has(id)) return;
    recent.set(id, card);
    recentBytes += card.length;
    if (recentBytes >= maxBytes / 2) {
      older = recent;
      recent = new Map();
      recentBytes = 0;
    }
  }

  return {
    /**
     * The cards of `ids` in their order, those not kept made from the rows `read` brings (one
     * read for all of them); an id no row has is left out, as a read by id leaves it out.
     */
    async cardsOf<Row extends { id: string }>(
      of: IndexGeneration,
      ids: string[],
      read: (ids: string[]) => Promise<Row[]>,
      toCard: (row: Row) => string,
    ): Promise<string[]> {
      // A search of an older build, answered after a newer one's began (the index's thread
      // answers in turn), reads its rows and keeps none.
      const outdated = generation !== undefined && of < generation;
      if (of !== generation && !outdated) {
        generation = of;
        recent = new Map();
        older = new Map();
        recentBytes = 0;
      }
      // Taken now: another search may let some go while the missing rows are read.
      const found = new Map<string, string>();
      const missing: string[] = [];
      for (const id of ids) {
        const card = outdated ? undefined : (recent.get(id) ?? older.get(id));
        if (card === undefined) missing.push(id);
        else found.set(id, card);
      }
      if (missing.length > 0) {
        for (const row of await read(missing)) found.set(row.id, toCard(row));
      }
      // A newer generation may have started while the rows were read: these are not its cards.
      const current = generation === of;
      const shown: string[] = [];
      for (const id of ids) {
        const card = found.get(id);
        if (card === undefined) continue;
        shown.push(card);
        if (current) keep(id, card);
      }
      return shown;
    },
    /** Memory the kept cards take, in characters (tests of the bound). */
    size() {
      let bytes = 0;
      for (const card of [...recent.values(), ...older.values()]) bytes += card.length;
      return bytes;
    },
  };
}

export type ListedCards = ReturnType<typeof createListedCards>;
