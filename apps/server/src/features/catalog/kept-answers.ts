import type { ListProductsQuery } from '@bindery/shared';
import { toAnswer, toJsonAnswer, type AnswerCache, type CatalogAnswer } from './catalog-answers.js';
import type { CatalogRepo } from './catalog.repo.js';
import { withDescriptionHtml } from './description-html.js';
import { requireProduct, toProduct } from './product-view.js';
import { filesOrLegacy } from './product-file-list.js';
import type { SearchIndexKeeper } from './search-index-keeper.js';
import { searchTerms } from './search-terms.js';

/** A public answer with the key it is kept under, to ask later whether it is still current. */
export interface KeptCatalogAnswer {
  key: string;
  answer: CatalogAnswer;
}

/**
 * The public answers of the catalogue kept in `answers` until the catalogue changes, here or
 * (seen through the database's version) on another instance.
 */
export function createKeptAnswers(
  repo: CatalogRepo,
  answers: AnswerCache,
  listProductsBody: (query: ListProductsQuery) => Promise<Buffer>,
  currency: string,
  searchIndex: Pick<SearchIndexKeeper, 'versionSeen'>,
) {
  /** The catalogue version the kept answers belong to, as last read from the database. */
  let seenVersion: number | undefined;

  return {
    /**
     * The list or search as the API sends it, kept until the catalogue changes: the same for
     * every visitor, buyer and admin. Searches that fold to the same words share one answer.
     */
    async productListAnswer(query: ListProductsQuery): Promise<KeptCatalogAnswer> {
      const search = query.search?.trim() ?? '';
      const searching = search !== '';
      const what = searching
        ? `search:${searchTerms(search).join(' ')}`
        : `list:${query.sort ?? ''}:${query.sort ? query.order : ''}`;
      const key = `${what}:${query.page}:${query.limit}`;
      const make = async () => toJsonAnswer(await listProductsBody(query));
      return { key, answer: await answers.get(key, make, { whenAskedAgain: searching }) };
    },

    /** A product as anyone but an admin sees it, kept until the catalogue changes; 404 when missing. */
    async productAnswer(id: string): Promise<KeptCatalogAnswer> {
      const key = `product:${id}`;
      return {
        key,
        answer: await answers.get(key, async () =>
          toAnswer(await withDescriptionHtml(await productWithFiles(repo, id, currency))),
        ),
      };
    },

    /**
     * The answer kept under a key one of the two calls above returned, if it is still kept: the
     * same answer they would give now, without a query. Undefined once the catalogue changed.
     */
    keptAnswer(key: string): CatalogAnswer | undefined {
      return answers.peek(key);
    },

    /**
     * Drops the kept answers when the catalogue's version in the database moved: another
     * instance (or any other writer) changed a product. Called every quarter second, so no instance
     * shows a product more than about that long after it changed anywhere. A database that
     * cannot be read leaves nothing kept: an answer of unknown age is never served.
     */
    async checkForChanges(): Promise<void> {
      let version: number;
      try {
        ({ version } = await repo.readState());
      } catch (error) {
        seenVersion = undefined;
        answers.invalidate();
        throw error;
      }
      if (version !== seenVersion) {
        seenVersion = version;
        answers.invalidate();
      }
      searchIndex.versionSeen(version);
    },

    /** How much memory the kept answers take (tests of its bound). */
    answerCacheSize: () => answers.size(),
  };
}

async function productWithFiles(repo: CatalogRepo, id: string, currency: string) {
  const row = await requireProduct(repo, id);
  return toProduct(row, false, currency, filesOrLegacy(row, await repo.listProductFiles(id)));
}
