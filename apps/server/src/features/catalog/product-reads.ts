import type { Product } from '@bindery/shared';
import type { CatalogRepo } from './catalog.repo.js';
import { withDescriptionHtml } from './description-html.js';
import { findAnyProduct, findLiveProduct, requireProduct, toProduct } from './product-view.js';
import { filesOrLegacy, toProductFile, type ProductFile } from './product-file-list.js';

/** What other features and the admin read about products, uncached. */
export function createProductReads(repo: CatalogRepo, currency: string) {
  return {
    async getProduct(id: string, isAdmin: boolean): Promise<Product> {
      const row = await requireProduct(repo, id);
      return await withDescriptionHtml(
        toProduct(row, isAdmin, currency, filesOrLegacy(row, await repo.listProductFiles(id))),
      );
    },

    /**
     * A product's files in order (the first is `digitalFile`), archived products included: their
     * buyers keep downloading. Empty for an unknown product.
     */
    async listProductFiles(productId: string): Promise<ProductFile[]> {
      const row = await findAnyProduct(repo, productId);
      if (!row) return [];
      return filesOrLegacy(row, await repo.listProductFiles(productId)).map(toProductFile);
    },

    /**
     * The stored price in minor units of the store's currency, for checkout: never a price the
     * client sent. Live products only.
     */
    async getProductForSale(id: string): Promise<{
      id: string;
      title: string;
      priceCents: number;
      currency: string;
      digitalFileId: string;
      /** Its own tax category; null for the store's default. */
      taxCode: string | null;
      /** Pay what you want from `minimumPriceCents` (minor units) up; null when it is not. */
      minimumPriceCents: number | null;
    } | null> {
      const row = await findLiveProduct(repo, id);
      return row
        ? {
            id: row.id,
            title: row.title,
            priceCents: row.priceCents,
            currency,
            digitalFileId: row.digitalFileId,
            taxCode: row.taxCode,
            minimumPriceCents: row.payWhatYouWant === 1 ? (row.minimumPriceCents ?? 0) : null,
          }
        : null;
    },

    /** The digital file of a product its buyers may download, archived products included. */
    async getProductFile(id: string): Promise<{ digitalFileId: string; stampPdf: boolean } | null> {
      const row = await findAnyProduct(repo, id);
      return row ? { digitalFileId: row.digitalFileId, stampPdf: row.stampPdf === 1 } : null;
    },

    /** Each product's own download limit (null: the store's), by id; deleted ones are absent. */
    async getDownloadLimits(ids: string[]): Promise<Map<string, number | null>> {
      const rows = await repo.findDownloadLimits([...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, row.downloadLimit]));
    },

    /**
     * Title and images of the products that still exist, archived included (for order lists),
     * and whether each is still on sale.
     */
    async getProductSummaries(
      ids: string[],
    ): Promise<Map<string, { _id: string; title: string; image: string[]; onSale: boolean }>> {
      const rows = await repo.findProductSummaries([...new Set(ids)]);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            _id: row.id,
            title: row.title,
            image: JSON.parse(row.images) as string[],
            onSale: row.archivedAt === null,
          },
        ]),
      );
    },

    /** Products, archived included, whose title contains `text` (the admin's order search). */
    findProductIdsByTitle: (text: string) => repo.findProductIdsByTitle(text),

    countProducts: async () => (await repo.readState()).liveProducts,

    /** Live products in a stable order with their last change, `limit` from `offset` (sitemaps). */
    async listProductDates(offset: number, limit: number) {
      const rows = await repo.listLiveProductDates(offset, limit);
      return rows.map((row) => ({ id: row.id, updatedAt: Number(row.updatedAt) }));
    },
  };
}
