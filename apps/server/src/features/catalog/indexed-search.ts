import { SEARCH_CANDIDATES } from './catalog-search.repo.js';
import type { CatalogRepo, ProductRow } from './catalog.repo.js';
import type { SearchIndexKeeper } from './search-index-keeper.js';

/** Product rows kept at most (a few megabytes): the products searches show most. */
const MAX_ROWS = 4000;

/**
 * The rows of the products an index search shows, kept for as long as that index is the current
 * one (`generation`): searches pick their candidates among the newest matches, so different
 * searches show the same products again and again. A new index (the catalogue changed) drops
 * them all; past MAX_ROWS, those shown longest ago go first.
 */
function createIndexedRows(readRows: (ids: string[]) => Promise<ProductRow[]>) {
  let kept = new Map<string, ProductRow>();
  let keptFor = -1;

  return {
    /** The rows of `ids`, in that order, as of the index `generation`. */
    async rows(generation: number, ids: string[]): Promise<ProductRow[]> {
      if (generation !== keptFor) {
        kept = new Map();
        keptFor = generation;
      }
      const rows = kept;
      const missing = ids.filter((id) => !rows.has(id));
      for (const row of missing.length > 0 ? await readRows(missing) : []) rows.set(row.id, row);
      const page = ids.flatMap((id) => {
        const row = rows.get(id);
        if (!row) return [];
        // Most recently shown last.
        rows.delete(id);
        rows.set(id, row);
        return [row];
      });
      for (const oldest of rows.keys()) {
        if (rows.size <= MAX_ROWS) break;
        rows.delete(oldest);
      }
      return page;
    },
  };
}

/**
 * A search's page: from the in-memory index when it holds the catalogue's version read now (a
 * write anywhere shows in the very next search), else from the database.
 */
export function createIndexedSearch(
  repo: Pick<CatalogRepo, 'readState' | 'searchProducts' | 'productsInOrder'>,
  searchIndex: Pick<SearchIndexKeeper, 'search' | 'versionSeen'> | undefined,
) {
  const indexedRows = createIndexedRows((ids) => repo.productsInOrder(ids));
  return async (terms: string[], offset: number, limit: number) => {
    if (!searchIndex) return repo.searchProducts(terms, offset, limit);
    searchIndex.versionSeen((await repo.readState()).version);
    const found = searchIndex.search(terms, offset, limit, SEARCH_CANDIDATES);
    if (!found) return repo.searchProducts(terms, offset, limit);
    const rows = await indexedRows.rows(found.generation, found.ids);
    return { rows, total: found.total, more: found.more };
  };
}
