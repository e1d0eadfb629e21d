import { randomBytes } from 'node:crypto';
import {
  ArchiveMessages,
  CatalogMessages,
  priceProblemIn,
  toMinorUnits,
  ProductImageMessages,
  type AdminListedProduct,
  type Product,
} from '@bindery/shared';
import type { CreateProductBodySchema, UpdateProductBodySchema } from '@bindery/shared';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import type { UploadsService } from '../uploads/index.js';
import type { CatalogRepo, ProductRow } from './catalog.repo.js';
import { isProductId, requireProduct, toListedProduct, toProduct } from './product-view.js';
import { singleFileOf, type FilesSavedHook } from './files-saved.js';
import { pricingOf } from './product-pricing.js';

export type CreateInput = z.output<typeof CreateProductBodySchema>;
export type UpdateInput = z.output<typeof UpdateProductBodySchema>;

export interface ProductWriteDeps {
  repo: CatalogRepo;
  uploads: UploadsService;
  clock: () => number;
  /** STORE_CURRENCY: what prices are written in and stored as minor units of. */
  currency: string;
  /** Called after every write of the catalogue: what was kept may show what changed. */
  catalogueChanged: () => void;
  /** Told of every product save's files inside its transaction (product updates). */
  filesSaved?: FilesSavedHook;
}

const newProductId = () => randomBytes(12).toString('base64url');

/**
 * The upload ids behind an ordered list of image URLs: new uploads no product holds yet, or
 * images the product shows now. A URL the product shows but that has no upload row (an image
 * from before uploads were recorded) may stay; any other URL is refused with 400, including an
 * upload of this product it no longer shows (another edit removed it, and deletes it).
 */
async function resolveImages(
  uploads: UploadsService,
  urls: string[],
  productId: string,
  currentUrls: readonly string[] = [],
): Promise<string[]> {
  if (new Set(urls).size !== urls.length) refuse(ProductImageMessages.listedTwice);
  const ids: string[] = [];
  for (const url of urls) {
    const image = await uploads.findImageByUrl(url);
    const shown = currentUrls.includes(url);
    if (image && (image.productId === null || (image.productId === productId && shown))) {
      ids.push(image.id);
    } else if (image && image.productId !== productId) {
      refuse(ProductImageMessages.ofAnotherProduct(url));
    } else if (image) refuse(ProductImageMessages.notUploaded(url));
    else if (!shown) refuse(ProductImageMessages.notUploaded(url));
  }
  return ids;
}

function refuse(message: string): never {
  throw AppError.badRequest(message, { image: [message] });
}

async function resolveDigitalFile(uploads: UploadsService, publicId: string, productId: string) {
  const file = await uploads.findFile(publicId);
  if (!file || (file.productId !== null && file.productId !== productId)) {
    const message = 'The digital file was not found. Please upload it again.';
    throw AppError.badRequest(message, { digitalFile: [message] });
  }
  return file;
}

/** Minor units of the store's currency; 400 for a price the currency cannot take (¥12.5). */
function priceCentsOf(price: number, currency: string): number {
  const problem = priceProblemIn(currency, price);
  if (problem) throw AppError.badRequest(problem, { price: [problem] });
  return toMinorUnits(price, currency);
}

export async function createProduct(deps: ProductWriteDeps, body: CreateInput): Promise<Product> {
  const { repo, uploads } = deps;
  const priceCents = priceCentsOf(body.price, deps.currency);
  const id = newProductId();
  const imageIds = await resolveImages(uploads, body.image, id);
  const file = await resolveDigitalFile(uploads, body.digitalFile.public_id, id);
  const now = deps.clock();
  const row: ProductRow = {
    id,
    title: body.title,
    subtitle: body.subtitle,
    description: body.description,
    priceCents,
    images: JSON.stringify(body.image),
    digitalFileId: file.publicId,
    digitalFileFormat: file.format,
    digitalFileSize: file.size,
    digitalFileName: file.fileName,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
    downloadLimit: body.downloadLimit,
    taxCode: body.taxCode,
    ...pricingOf(body, priceCents, deps.currency),
  };
  // One transaction: the product exists exactly when its uploads are claimed by it alone,
  // so an upload another product just took (or one being deleted) answers 409 with no product.
  await repo.transaction(async (tx, trx) => {
    await uploads.attachToProduct([...imageIds, file.id], id, trx);
    await tx.insertProduct(row);
  });
  deps.catalogueChanged();
  return toProduct(row, true, deps.currency);
}

export async function updateProduct(
  deps: ProductWriteDeps,
  id: string,
  body: UpdateInput,
): Promise<Product> {
  const { repo, uploads } = deps;
  const priceCents = priceCentsOf(body.price, deps.currency);
  const current = await requireProduct(repo, id);
  const changes: Partial<ProductRow> = {
    title: body.title,
    subtitle: body.subtitle,
    description: body.description,
    priceCents,
    ...(body.downloadLimit !== undefined ? { downloadLimit: body.downloadLimit } : {}),
    ...(body.taxCode !== undefined ? { taxCode: body.taxCode } : {}),
    ...pricingOf(body, priceCents, deps.currency, current),
    updatedAt: deps.clock(),
  };
  const replaced: string[] = [];
  const attach: string[] = [];
  // The images and file this edit read: it saves only over them, so what it deletes after the
  // write is what it replaced, never what another edit just kept.
  const expected: Partial<Pick<ProductRow, 'images' | 'digitalFileId'>> = {};
  if (body.image) {
    expected.images = current.images;
    const currentUrls = JSON.parse(current.images) as string[];
    // The list in its new order: kept images, new uploads; the ones left out go after the write.
    attach.push(...(await resolveImages(uploads, body.image, id, currentUrls)));
    for (const url of currentUrls.filter((url) => !body.image!.includes(url))) {
      const image = await uploads.findImageByUrl(url);
      if (image?.productId === id) replaced.push(image.id);
    }
    changes.images = JSON.stringify(body.image);
  }
  if (body.digitalFile && body.digitalFile.public_id !== current.digitalFileId) {
    const file = await resolveDigitalFile(uploads, body.digitalFile.public_id, id);
    attach.push(file.id);
    expected.digitalFileId = current.digitalFileId;
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
    if (!(await tx.updateProduct(id, changes, expected))) {
      throw AppError.conflict(ProductImageMessages.changedMeanwhile);
    }
    const [before, after] = [singleFileOf(current), singleFileOf({ ...current, ...changes })];
    await deps.filesSaved?.(
      { productId: id, before, after, notifyBuyers: body.notifyBuyers, at: changes.updatedAt! },
      trx,
    );
  });
  deps.catalogueChanged();
  await uploads.deleteFromProduct(replaced, id);
  return toProduct({ ...current, ...changes }, true, deps.currency);
}

/**
 * Takes a product off sale: gone from the catalogue, search and its page (404), its files
 * kept. 404 when it is not in the catalogue.
 */
export async function archiveProduct(deps: ProductWriteDeps, id: string): Promise<void> {
  const archived = isProductId(id) && (await deps.repo.archiveProduct(id, deps.clock()));
  if (archived) deps.catalogueChanged();
  if (!archived) throw AppError.notFound(CatalogMessages.productNotFound);
}

/**
 * Puts an archived product back on sale, its images and file as they were: 404 when unknown,
 * 409 when it is on sale already.
 */
export async function restoreProduct(
  deps: ProductWriteDeps,
  id: string,
): Promise<AdminListedProduct> {
  const restored = isProductId(id) && (await deps.repo.restoreProduct(id, deps.clock()));
  if (restored) deps.catalogueChanged();
  const row = isProductId(id) ? await deps.repo.findProductIncludingArchived(id) : undefined;
  if (!row) throw AppError.notFound(CatalogMessages.productNotFound);
  if (!restored) throw AppError.conflict(ArchiveMessages.notArchived);
  return toListedProduct(row, deps.currency);
}

/**
 * Deletes an archived product with its images and file, for a product nobody bought (the
 * caller checked); orders keep their own amount and status.
 */
export async function purgeArchivedProduct(deps: ProductWriteDeps, id: string): Promise<void> {
  const row = await deps.repo.findProductIncludingArchived(id);
  if (!row || row.archivedAt === null) return;
  if (await deps.repo.deleteProduct(id)) await deps.uploads.deleteForProduct(id);
}
