import { randomBytes } from 'node:crypto';
import {
  CatalogMessages,
  centsToDollars,
  dollarsToCents,
  type CreateProductBody,
  type ListProductsQuery,
  type Product,
  type ProductList,
  type UpdateProductBody,
} from '@bindery/shared';
import type { z } from 'zod';
import type { CreateProductBodySchema, UpdateProductBodySchema } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { CatalogRepo, ProductRow } from './catalog.repo.js';
import { searchTerms } from './search-terms.js';

type CreateInput = z.output<typeof CreateProductBodySchema>;
type UpdateInput = z.output<typeof UpdateProductBodySchema>;

/** Ids are 16 base64url characters; anything else is not a product and reads as not found. */
const ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;

const newProductId = () => randomBytes(12).toString('base64url');

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
  };
}

export function createCatalogService(
  repo: CatalogRepo,
  uploads: UploadsService,
  clock: () => number = Date.now,
) {
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
    async listProducts(query: ListProductsQuery): Promise<ProductList> {
      const offset = (query.page - 1) * query.limit;
      const text = query.search?.trim() ?? '';
      const terms = searchTerms(text);
      // A search of only symbols or emoji matches nothing rather than everything.
      const { rows, total } =
        text === ''
          ? await repo.listProducts(
              offset,
              query.limit,
              query.sort && { field: query.sort, order: query.order },
            )
          : terms.length === 0
            ? { rows: [], total: 0 }
            : await repo.searchProducts(terms, offset, query.limit);
      return {
        products: rows.map((row) => toProduct(row, false)),
        page: query.page,
        pages: Math.ceil(total / query.limit),
        total,
      };
    },

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
      };
      // One transaction: the product exists exactly when its uploads are claimed by it alone,
      // so an upload another product just took (or one being deleted) answers 409 with no product.
      await repo.transaction(async (tx, trx) => {
        await uploads.attachToProduct([...imageIds, file.id], id, trx);
        await tx.insertProduct(row);
      });
      return toProduct(row, true);
    },

    async updateProduct(id: string, body: UpdateInput): Promise<Product> {
      const current = await requireProduct(id);
      const changes: Partial<ProductRow> = {
        title: body.title,
        subtitle: body.subtitle,
        description: body.description,
        priceCents: dollarsToCents(body.price),
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
      await uploads.deleteFromProduct(replaced, id);
      return toProduct({ ...current, ...changes }, true);
    },

    /**
     * Takes a product off sale: gone from the catalogue, search and its page (404), its files
     * kept. 404 when it is not in the catalogue.
     */
    async archiveProduct(id: string): Promise<void> {
      const archived = ID_SHAPE.test(id) && (await repo.archiveProduct(id, clock()));
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

    countProducts: () => repo.countProducts(),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export type { CreateProductBody, UpdateProductBody };
