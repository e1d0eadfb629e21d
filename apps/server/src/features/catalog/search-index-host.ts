// What holds the search index on its thread (decision 041, the sixth pass): the builds the
// keeper feeds it, the index searches read, and nothing else. It knows no database and no
// catalogue version; the keeper on the main thread decides which build is current.
import { createIndexBuilder, type IndexedProduct, type SearchIndex } from './search-index.js';
import { searchIndex, type IndexedSearchPage } from './search-index-query.js';

/** What a finished build reports (the log line). */
export interface BuiltIndex {
  products: number;
  bytes: number;
}

/** A search as the keeper asks it of one build. */
export interface IndexSearch {
  build: number;
  terms: string[];
  offset: number;
  limit: number;
  candidates: number;
}

/**
 * One build under way at a time (a newer one replaces it) and one finished index: finishing a
 * build lets the previous index go, so two indexes are never held (at 1,000,000 products each
 * takes some 380 MiB).
 */
export function createIndexHost() {
  let building: { build: number; builder: ReturnType<typeof createIndexBuilder> } | undefined;
  let current: { build: number; index: SearchIndex } | undefined;

  return {
    /** Products of build `build`, newest first, after those added before. */
    add(build: number, products: IndexedProduct[]) {
      if (building?.build !== build) building = { build, builder: createIndexBuilder() };
      for (const product of products) building.builder.add(product);
    },
    /** Build `build` is read whole: searches of it are answered from now on. */
    finish(build: number): BuiltIndex {
      // The keeper sends every build at least one batch (an empty catalogue's, empty).
      const builder = building?.build === build ? building.builder : createIndexBuilder();
      building = undefined;
      current = undefined; // Let the older index go before the new one takes its room.
      const index = builder.finish();
      current = { build, index };
      return { products: index.size, bytes: index.bytes };
    },
    /** Build `build` will not be finished (the catalogue moved while it was read). */
    abandon(build: number) {
      if (building?.build === build) building = undefined;
    },
    /** A page of a search of build `build`, or null when that build is not the one held. */
    search({ build, terms, offset, limit, candidates }: IndexSearch): IndexedSearchPage | null {
      if (current?.build !== build) return null;
      return searchIndex(current.index, terms, offset, limit, candidates);
    },
  };
}

export type IndexHost = ReturnType<typeof createIndexHost>;
