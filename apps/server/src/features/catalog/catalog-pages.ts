import type {
  AdminProductPage,
  AdminProductsQuery,
  ListProductsQuery,
  ProductList,
  SortOrder,
} from '@bindery/shared';
import type { CatalogRepo, ProductKey, ProductRow, ProductSort } from './catalog.repo.js';
import { toListedProduct, toProduct } from './product-view.js';
import { createIndexedSearch } from './indexed-search.js';
import type { SearchIndexKeeper } from './search-index-keeper.js';
import { searchTerms } from './search-terms.js';
import type { ProductFileRow } from './product-files.repo.js';
import { filesOrLegacy } from './product-file-list.js';

/**
 * Deep pages of the newest-first catalogue start reading the index at the nearest of the
 * products at every this-many positions, so no page skips more than this many rows.
 */
const ANCHOR_STRIDE = 1000;

/** Pages and searches of the catalogue, as the API lists them. */
export function createCatalogPages(
  repo: CatalogRepo,
  currency: string,
  searchIndex?: Pick<SearchIndexKeeper, 'search'>,
) {
  const search = createIndexedSearch(repo, searchIndex);

  /** Keys of every ANCHOR_STRIDE-th product per direction, for one catalogue version. */
  const anchors = new Map<SortOrder, { version: number; keys: Promise<ProductKey[]> }>();
  function anchorsFor(order: SortOrder, version: number): Promise<ProductKey[]> {
    const known = anchors.get(order);
    if (known?.version === version) return known.keys;
    const keys = repo.pageAnchors(ANCHOR_STRIDE, order);
    anchors.set(order, { version, keys });
    keys.catch(() => anchors.delete(order));
    return keys;
  }

  /** A page of the catalogue in its order, deep pages read from the nearest anchor on. */
  async function catalogPage(offset: number, limit: number, sort: ProductSort | undefined) {
    const state = await repo.readState();
    // Past the end there is nothing to read: no query walks the whole index to find that out.
    const empty = { rows: [], total: state.liveProducts, more: false };
    if (offset >= state.liveProducts) return empty;
    const field = sort?.field ?? 'createdAt';
    const order = sort?.order ?? 'desc';
    const block = Math.floor(offset / ANCHOR_STRIDE);
    if (field === 'createdAt' && block > 0) {
      const after = (await anchorsFor(order, state.version))[block - 1];
      if (after) {
        const rows = await repo.listProducts(offset - block * ANCHOR_STRIDE, limit, sort, after);
        return { ...empty, rows };
      }
    }
    return { ...empty, rows: await repo.listProducts(offset, limit, sort) };
  }

  /** A page of the catalogue or of a search, with the paging the API reports. */
  async function listProducts(query: ListProductsQuery): Promise<ProductList> {
    const offset = (query.page - 1) * query.limit;
    const text = query.search?.trim() ?? '';
    const terms = searchTerms(text);
    // A search of only symbols or emoji matches nothing rather than everything.
    const { rows, total, more } =
      text === ''
        ? await catalogPage(
            offset,
            query.limit,
            query.sort && { field: query.sort, order: query.order },
          )
        : terms.length === 0
          ? { rows: [], total: 0, more: false }
          : await search(terms, offset, query.limit);
    return {
      products: rows.map((row) => toProduct(row, false, currency)),
      page: query.page,
      pages: Math.ceil(total / query.limit),
      total,
      ...(more ? { totalCapped: true } : {}),
    };
  }

  /**
   * The admin's list: the products on sale (as the catalogue pages them) or the archived ones,
   * in the admin's view (file reference, when archived). Never kept: it is not public.
   */
  async function listAdminProducts(query: AdminProductsQuery): Promise<AdminProductPage> {
    const offset = (query.page - 1) * query.limit;
    const sort = query.sort && { field: query.sort, order: query.order };
    let rows: ProductRow[];
    let total: number;
    if (query.status === 'archived') {
      total = await repo.countArchived();
      rows =
        offset >= total ? [] : await repo.listProducts(offset, query.limit, sort, undefined, true);
    } else {
      ({ rows, total } = await catalogPage(offset, query.limit, sort));
    }
    return {
      products: await withFiles(repo, rows, (row, files) => toListedProduct(row, currency, files)),
      page: query.page,
      pages: Math.ceil(total / query.limit),
      total,
    };
  }

  return { listProducts, listAdminProducts };
}

/** Rows made into answers with their files, read in one query. */
async function withFiles<T>(
  repo: CatalogRepo,
  rows: ProductRow[],
  answer: (row: ProductRow, files: ProductFileRow[]) => T,
): Promise<T[]> {
  const files = await repo.listFilesOfProducts(rows.map((row) => row.id));
  return rows.map((row) => answer(row, filesOrLegacy(row, files.get(row.id) ?? [])));
}
