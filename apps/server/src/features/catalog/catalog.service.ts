import { randomBytes } from 'node:crypto';
import {
  CatalogMessages,
  centsToDollars,
  dollarsToCents,
  type CreateProductBody,
  type ListProductsQuery,
  type Product,
  type SortOrder,
  type ProductList,
  type UpdateProductBody,
} from '@bindery/shared';
import type { z } from 'zod';
import type { CreateProductBodySchema, UpdateProductBodySchema } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { UploadsService } from '../uploads/index.js';
import { createAnswerCache, toAnswer, type CatalogAnswer } from './catalog-answers.js';
import type { CatalogRepo, ProductKey, ProductRow, ProductSort } from './catalog.repo.js';
import { searchTerms } from './search-terms.js';

type CreateInput = z.output<typeof CreateProductBodySchema>;
type UpdateInput = z.output<typeof UpdateProductBodySchema>;

/** A public answer with the key it is kept under, to ask later whether it is still current. */
export interface KeptCatalogAnswer {
  key: string;
  answer: CatalogAnswer;
}

/** Ids are 16 base64url characters; anything else is not a product and reads as not found. */
const ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;

const newProductId = () => randomBytes(12).toString('base64url');

/** Memory kept for public catalogue answers (pages, searches, products) at most. */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Deep pages of the newest-first catalogue start reading the index at the nearest of the
 * products at every this-many positions, so no page skips more than this many rows.
 */
const ANCHOR_STRIDE = 1000;

/** The product as the API shows it; only admins see where the digital file is kept. */
export function toProduct(row: ProductRow, isAdmin: boolean): Product {
  const publicFile = { format: row.digitalFileFormat, size: row.digitalFileSize };
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    price: centsToDollars(row.priceCents),
    image: JSON.parse(row.images) as string[],
    digitalFile: isAdmin
      ? {
          ...publicFile,
          public_id: row.digitalFileId,
          secure_url: `private://${row.digitalFileId}.${row.digitalFileFormat}`,
          fileName: row.digitalFileName,
        }
      : publicFile,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    ...(isAdmin ? { downloadLimit: row.downloadLimit } : {}),
  };
}

export function createCatalogService(
  repo: CatalogRepo,
  uploads: UploadsService,
  clock: () => number = Date.now,
) {
  const answers = createAnswerCache(ANSWER_CACHE_BYTES);
  /** The catalogue version the kept answers belong to, as last read from the database. */
  let seenVersion: number | undefined;

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
          : await repo.searchProducts(terms, offset, query.limit);
    return {
      products: rows.map((row) => toProduct(row, false)),
      page: query.page,
      pages: Math.ceil(total / query.limit),
      total,
      ...(more ? { totalCapped: true } : {}),
    };
  }

  /** Called after every write of the catalogue: what was kept may show what changed. */
  function catalogueChanged() {
    answers.invalidate();
  }
  /** Image URLs must be images uploaded here and not used by another product. */
  async function resolveImages(urls: string[], productId: string): Promise<string[]> {
    const ids: string[] = [];
    for (const url of urls) {
      const image = await uploads.findImageByUrl(url);
      if (!image || (image.productId !== null && image.productId !== productId)) {
        throw AppError.badRequest(
          `${CatalogMessages.imageRequired}: ${url} is not an uploaded image.`,
          {
            image: [`${url} is not an uploaded image.`],
          },
        );
      }
      ids.push(image.id);
    }
    if (new Set(ids).size !== ids.length) {
      throw AppError.badRequest('The same image is listed twice.', {
        image: ['The same image is listed twice.'],
      });
    }
    return ids;
  }

  async function resolveDigitalFile(publicId: string, productId: string) {
    const file = await uploads.findFile(publicId);
    if (!file || (file.productId !== null && file.productId !== productId)) {
      const message = 'The digital file was not found. Please upload it again.';
      throw AppError.badRequest(message, { digitalFile: [message] });
    }
    return file;
  }

  async function requireProduct(id: string): Promise<ProductRow> {
    const row = ID_SHAPE.test(id) ? await repo.findProduct(id) : undefined;
    if (!row) throw AppError.notFound(CatalogMessages.productNotFound);
    return row;
  }

  return {
    listProducts,

    /**
     * The list or search as the API sends it, kept until the catalogue changes: the same for
     * every visitor, buyer and admin. Searches that fold to the same words share one answer.
     */
    async productListAnswer(query: ListProductsQuery): Promise<KeptCatalogAnswer> {
      const terms = searchTerms(query.search?.trim() ?? '');
      const what = query.search?.trim()
        ? `search:${terms.join(' ')}`
        : `list:${query.sort ?? ''}:${query.sort ? query.order : ''}`;
      const key = `${what}:${query.page}:${query.limit}`;
      return {
        key,
        answer: await answers.get(key, async () => toAnswer(await listProducts(query))),
      };
    },

    /** A product as anyone but an admin sees it, kept until the catalogue changes; 404 when missing. */
    async productAnswer(id: string): Promise<KeptCatalogAnswer> {
      const key = `product:${id}`;
      return {
        key,
        answer: await answers.get(key, async () =>
          toAnswer(toProduct(await requireProduct(id), false)),
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
    },

    /** How much memory the kept answers take (tests of its bound). */
    answerCacheSize: () => answers.size(),

    async getProduct(id: string, isAdmin: boolean): Promise<Product> {
      return toProduct(await requireProduct(id), isAdmin);
    },

    /** The stored price in cents, for checkout: never a price the client sent. Live products only. */
    async getProductForSale(
      id: string,
    ): Promise<{ id: string; title: string; priceCents: number; digitalFileId: string } | null> {
      const row = ID_SHAPE.test(id) ? await repo.findProduct(id) : undefined;
      return row
        ? {
            id: row.id,
            title: row.title,
            priceCents: row.priceCents,
            digitalFileId: row.digitalFileId,
          }
        : null;
    },

    /** The digital file of a product its buyers may download, archived products included. */
    async getProductFile(id: string): Promise<{ digitalFileId: string } | null> {
      const row = ID_SHAPE.test(id) ? await repo.findProductIncludingArchived(id) : undefined;
      return row ? { digitalFileId: row.digitalFileId } : null;
    },

    /** Title and images of the products that still exist, archived included (for order lists). */
    /** Each product's own download limit (null: the store's), by id; deleted ones are absent. */
    async getDownloadLimits(ids: string[]): Promise<Map<string, number | null>> {
      const rows = await repo.findDownloadLimits([...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, row.downloadLimit]));
    },

    async getProductSummaries(
      ids: string[],
    ): Promise<Map<string, { _id: string; title: string; image: string[] }>> {
      const rows = await repo.findProductSummaries([...new Set(ids)]);
      return new Map(
        rows.map((row) => [
          row.id,
          { _id: row.id, title: row.title, image: JSON.parse(row.images) as string[] },
        ]),
      );
    },

    async createProduct(body: CreateInput): Promise<Product> {
      const id = newProductId();
      const imageIds = await resolveImages(body.image, id);
      const file = await resolveDigitalFile(body.digitalFile.public_id, id);
      const now = clock();
      const row: ProductRow = {
        id,
        title: body.title,
        subtitle: body.subtitle,
        description: body.description,
        priceCents: dollarsToCents(body.price),
        images: JSON.stringify(body.image),
        digitalFileId: file.publicId,
        digitalFileFormat: file.format,
        digitalFileSize: file.size,
        digitalFileName: file.fileName,
        createdAt: now,
        updatedAt: now,
        archivedAt: null,
        downloadLimit: body.downloadLimit,
      };
      // One transaction: the product exists exactly when its uploads are claimed by it alone,
      // so an upload another product just took (or one being deleted) answers 409 with no product.
      await repo.transaction(async (tx, trx) => {
        await uploads.attachToProduct([...imageIds, file.id], id, trx);
        await tx.insertProduct(row);
      });
      catalogueChanged();
      return toProduct(row, true);
    },

    async updateProduct(id: string, body: UpdateInput): Promise<Product> {
      const current = await requireProduct(id);
      const changes: Partial<ProductRow> = {
        title: body.title,
        subtitle: body.subtitle,
        description: body.description,
        priceCents: dollarsToCents(body.price),
        ...(body.downloadLimit !== undefined ? { downloadLimit: body.downloadLimit } : {}),
        updatedAt: clock(),
      };
      const replaced: string[] = [];
      const attach: string[] = [];
      if (body.image) {
        const currentUrls = JSON.parse(current.images) as string[];
        const imageIds = await resolveImages(body.image, id);
        attach.push(...imageIds);
        for (const url of currentUrls.filter((url) => !body.image!.includes(url))) {
          const image = await uploads.findImageByUrl(url);
          if (image) replaced.push(image.id);
        }
        changes.images = JSON.stringify(body.image);
      }
      if (body.digitalFile && body.digitalFile.public_id !== current.digitalFileId) {
        const file = await resolveDigitalFile(body.digitalFile.public_id, id);
        attach.push(file.id);
        const old = await uploads.findFile(current.digitalFileId);
        if (old) replaced.push(old.id);
        Object.assign(changes, {
          digitalFileId: file.publicId,
          digitalFileFormat: file.format,
          digitalFileSize: file.size,
          digitalFileName: file.fileName,
        });
      }
      await repo.transaction(async (tx, trx) => {
        await uploads.attachToProduct(attach, id, trx);
        await tx.updateProduct(id, changes);
      });
      catalogueChanged();
      await uploads.deleteFromProduct(replaced, id);
      return toProduct({ ...current, ...changes }, true);
    },

    /**
     * Takes a product off sale: gone from the catalogue, search and its page (404), its files
     * kept. 404 when it is not in the catalogue.
     */
    async archiveProduct(id: string): Promise<void> {
      const archived = ID_SHAPE.test(id) && (await repo.archiveProduct(id, clock()));
      if (archived) catalogueChanged();
      if (!archived) throw AppError.notFound(CatalogMessages.productNotFound);
    },

    /**
     * Deletes an archived product with its images and file, for a product nobody bought (the
     * caller checked); orders keep their own amount and status.
     */
    async purgeArchivedProduct(id: string): Promise<void> {
      const row = await repo.findProductIncludingArchived(id);
      if (!row || row.archivedAt === null) return;
      if (await repo.deleteProduct(id)) await uploads.deleteForProduct(id);
    },

    countProducts: async () => (await repo.readState()).liveProducts,

    /** Live products in a stable order with their last change, `limit` from `offset` (sitemaps). */
    async listProductDates(offset: number, limit: number) {
      const rows = await repo.listLiveProductDates(offset, limit);
      return rows.map((row) => ({ id: row.id, updatedAt: Number(row.updatedAt) }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export type { CreateProductBody, UpdateProductBody };
