import type {
  AdminProductPage,
  AdminProductsQuery,
  ListProductsQuery,
  ProductList,
  SortOrder,
} from '@bindery/shared';
import type { PublicProductRow } from './catalog-search.repo.js';
import type { CatalogRepo, ProductKey, ProductRow, ProductSort } from './catalog.repo.js';
import { toListedProduct, toProduct } from './product-view.js';
import { createIndexedSearch } from './indexed-search.js';
import { createListedCards } from './listed-cards.js';
import type { SearchIndexKeeper } from './search-index-keeper.js';
import { searchTerms } from './search-terms.js';
import type { ProductFileRow } from './product-files.repo.js';
import { filesOrLegacy } from './product-file-list.js';

/**
 * Deep pages of the newest-first catalogue start reading the index at the nearest of the
 * products at every this-many positions, so no page skips more than this many rows.
 */
const ANCHOR_STRIDE = 1000;

/**
 * Memory kept for the cards of the products searches showed: 12,000 to 23,000 cards of the
 * bench's 720 characters (listed-cards.ts keeps two halves). Of the 100,000 products the cold
 * mix's searches showed, 71 % were then kept (77 % with every card kept; 60 % at 16 MiB).
 */
const LISTED_CARD_BYTES = 24 * 1024 * 1024;

/**
 * A ProductList's JSON as the bytes sent, its products given as JSON already: the same text as
 * JSON.stringify of the list, field for field (a test holds the two alike). The cards are
 * written straight into the body: joining them first made a second copy of the answer as a
 * string, garbage the collector had to sweep on every cold search.
 */
export function productListBody(
  cards: string[],
  { page, pages, total, totalCapped }: Omit<ProductList, 'products'>,
): Buffer {
  const head = '{"products":[';
  const capped = totalCapped ? ',"totalCapped":true' : '';
  const tail = `],"page":${page},"pages":${pages},"total":${total}${capped}}`;
  let size = head.length + Math.max(cards.length - 1, 0) + tail.length;
  for (const card of cards) size += Buffer.byteLength(card);
  const body = Buffer.allocUnsafe(size);
  let at = body.write(head, 0, 'latin1');
  for (let card = 0; card < cards.length; card += 1) {
    if (card > 0) at = body.writeUInt8(0x2c, at); // ","
    at += body.write(cards[card]!, at);
  }
  body.write(tail, at, 'latin1');
  return body;
}

/** Pages and searches of the catalogue, as the API lists them. */
export function createCatalogPages(
  repo: CatalogRepo,
  currency: string,
  searchIndex?: Pick<SearchIndexKeeper, 'search'>,
) {
  const toCard = (row: PublicProductRow) => JSON.stringify(toProduct(row, false, currency));
  const search = createIndexedSearch(
    repo,
    searchIndex,
    createListedCards(LISTED_CARD_BYTES),
    toCard,
  );

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

  /** The products of a page of the catalogue or of a search, as JSON, with its total. */
  async function listedCards(query: ListProductsQuery) {
    const offset = (query.page - 1) * query.limit;
    const text = query.search?.trim() ?? '';
    const terms = searchTerms(text);
    if (text === '') {
      const sort = query.sort && { field: query.sort, order: query.order };
      const { rows, total, more } = await catalogPage(offset, query.limit, sort);
      return { cards: rows.map(toCard), total, more };
    }
    // A search of only symbols or emoji matches nothing rather than everything.
    if (terms.length === 0) return { cards: [], total: 0, more: false };
    return search(terms, offset, query.limit);
  }

  /** A page of the catalogue or of a search as the API sends it (a ProductList's JSON). */
  async function listProductsBody(query: ListProductsQuery): Promise<Buffer> {
    const { cards, total, more } = await listedCards(query);
    return productListBody(cards, {
      page: query.page,
      pages: Math.ceil(total / query.limit),
      total,
      ...(more ? { totalCapped: true } : {}),
    });
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

  return { listProductsBody, listAdminProducts };
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
