import { SEARCH_CANDIDATES, type PublicProductRow } from './catalog-search.repo.js';
import type { CatalogRepo } from './catalog.repo.js';
import type { ListedCards } from './listed-cards.js';
import type { SearchIndexKeeper } from './search-index-keeper.js';

/** A page of a search: its products as JSON (cards), with its total and whether it was capped. */
export interface SearchCards {
  cards: string[];
  total: number;
  more: boolean;
}

/**
 * A search's page: from the in-memory index when it holds the catalogue's version as last seen
 * (a write here shows in the very next search, one elsewhere once the quarter-second change
 * check has seen it, as for the kept answers), else from the database. The index gives the
 * page's ids; the products it showed before are kept as cards, the others read by id.
 */
export function createIndexedSearch(
  repo: Pick<CatalogRepo, 'searchProducts' | 'publicRowsInOrder'>,
  searchIndex: Pick<SearchIndexKeeper, 'search'> | undefined,
  cards: ListedCards,
  toCard: (row: PublicProductRow) => string,
) {
  return async (terms: string[], offset: number, limit: number): Promise<SearchCards> => {
    const found = await searchIndex?.search(terms, offset, limit, SEARCH_CANDIDATES);
    if (!found) {
      const { rows, total, more } = await repo.searchProducts(terms, offset, limit);
      return { cards: rows.map(toCard), total, more };
    }
    const shown = await cards.cardsOf(found.generation, found.ids, repo.publicRowsInOrder, toCard);
    return { cards: shown, total: found.total, more: found.more };
  };
}
