import { SEARCH_CANDIDATES } from './catalog-search.repo.js';
import type { CatalogRepo } from './catalog.repo.js';
import type { SearchIndexKeeper } from './search-index-keeper.js';

/**
 * A search's page: from the in-memory index when it holds the catalogue's version as last seen
 * (a write here shows in the very next search, one elsewhere once the quarter-second change
 * check has seen it, as for the kept answers), else from the database. The index gives the
 * page's ids; one read by id brings what their answers show.
 */
export function createIndexedSearch(
  repo: Pick<CatalogRepo, 'searchProducts' | 'publicRowsInOrder'>,
  searchIndex: Pick<SearchIndexKeeper, 'search'> | undefined,
) {
  return async (terms: string[], offset: number, limit: number) => {
    const found = searchIndex?.search(terms, offset, limit, SEARCH_CANDIDATES);
    if (!found) return repo.searchProducts(terms, offset, limit);
    const rows = await repo.publicRowsInOrder(found.ids);
    return { rows, total: found.total, more: found.more };
  };
}
