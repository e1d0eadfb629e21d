import { DEFAULT_CURRENCY, type CreateProductBody, type UpdateProductBody } from '@bindery/shared';
import type { UploadsService } from '../uploads/index.js';
import { createAnswerCache } from './catalog-answers.js';
import { createCatalogPages } from './catalog-pages.js';
import type { CatalogRepo } from './catalog.repo.js';
import { createKeptAnswers } from './kept-answers.js';
import { createSearchIndexKeeper } from './search-index-keeper.js';
import { createProductReads } from './product-reads.js';
import { createLicenseKeyReads } from './product-license-keys.js';
import { noteStampProblem } from './product-stamping.js';
import * as writes from './product-writes.js';

export type { KeptCatalogAnswer } from './kept-answers.js';
export type { ProductFile } from './product-file-list.js';
export type { ProductSave } from './product-writes.js';

/** Memory kept for public catalogue answers (pages, searches, products) at most. */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The catalogue: its pages and searches (kept as ready answers until it changes), the reads
 * other features make, and the admin's writes.
 */
export function createCatalogService(
  repo: CatalogRepo,
  uploads: UploadsService,
  {
    currency = DEFAULT_CURRENCY,
    clock = Date.now,
    filesSaved,
    log,
  }: {
    /** STORE_CURRENCY, ISO 4217 upper case. */ currency?: string;
    clock?: () => number;
    filesSaved?: writes.ProductWriteDeps['filesSaved'];
    /** Where the search index reports its builds. */
    log?: {
      info(fields: object, message: string): void;
      warn(fields: object, message: string): void;
    };
  } = {},
) {
  const answers = createAnswerCache(ANSWER_CACHE_BYTES);
  const searchIndex = createSearchIndexKeeper(repo, {
    onBuilt: ({ products, bytes, ms }) =>
      log?.info(
        { products, mib: Math.round(bytes / 1024 / 102.4) / 10, ms: Math.round(ms) },
        'search index built',
      ),
    onFailed: (error) =>
      log?.warn({ err: error }, 'search index build failed; searches use the database'),
  });
  const { listProductsBody, listAdminProducts } = createCatalogPages(repo, currency, searchIndex);
  const deps: writes.ProductWriteDeps = {
    repo,
    uploads,
    clock,
    currency,
    catalogueChanged: () => {
      answers.invalidate();
      searchIndex.written();
    },
    filesSaved,
  };
  return {
    listAdminProducts,
    ...createKeptAnswers(repo, answers, listProductsBody, currency, searchIndex),
    /** Whether searches are answered from the in-memory index now (tests wait for it). */
    isSearchIndexCurrent: () => searchIndex.isCurrent(),
    /** Stops building the search index and ends its thread (the app closes). */
    closeSearchIndex: () => searchIndex.close(),
    ...createProductReads(repo, currency),
    ...createLicenseKeyReads(repo),
    /** STORE_CURRENCY: what the catalogue's prices are in. */
    currency,
    createProduct: (body: writes.CreateInput) => writes.createProduct(deps, body),
    updateProduct: (id: string, body: writes.UpdateInput) => writes.updateProduct(deps, id, body),
    /** updateProduct, telling what the save did to the product's files (issue 28). */
    saveProduct: (id: string, body: writes.UpdateInput) => writes.saveProduct(deps, id, body),
    archiveProduct: (id: string) => writes.archiveProduct(deps, id),
    restoreProduct: (id: string) => writes.restoreProduct(deps, id),
    purgeArchivedProduct: (id: string) => writes.purgeArchivedProduct(deps, id),
    /** Stamping's note on the owner's product that a PDF of it goes out unstamped. */
    noteStampProblem: (productId: string, digitalFileId: string, note: string) =>
      noteStampProblem(repo, productId, digitalFileId, note),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export type { CreateProductBody, UpdateProductBody };
