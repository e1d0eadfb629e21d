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
import type { ProductFileRow } from './product-files.repo.js';
import { isProductId, requireProduct, toListedProduct, toProduct } from './product-view.js';
import type { FilesSavedHook } from './files-saved.js';
import { pricingOf } from './product-pricing.js';
import { licenseKeyColumns } from './product-license-keys.js';
import { stampingChanges } from './product-stamping.js';
import {
  DIGITAL_FILE_FIELD,
  entriesFromDigitalFile,
  filesOrLegacy,
  FILES_FIELD,
  planFiles,
  toProductFile,
  type FilePlan,
  type ProductFile,
} from './product-file-list.js';

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
  const now = deps.clock();
  const plan = await planFiles(uploads, id, [], entriesOf(body), {
    now,
    refusals: body.files ? FILES_FIELD : DIGITAL_FILE_FIELD,
  });
  const row: ProductRow = {
    id,
    title: body.title,
    subtitle: body.subtitle,
    description: body.description,
    priceCents,
    images: JSON.stringify(body.image),
    ...plan.first,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
    downloadLimit: body.downloadLimit,
    taxCode: body.taxCode,
    ...pricingOf(body, priceCents, deps.currency),
    ...licenseKeyColumns(body.licenseKeys),
    stampPdf: body.stampPdf ? 1 : 0,
    stampNote: null,
  };
  // One transaction: the product exists exactly when its uploads are claimed by it alone,
  // so an upload another product just took (or one being deleted) answers 409 with no product.
  await repo.transaction(async (tx, trx) => {
    await uploads.attachToProduct([...imageIds, ...plan.attach], id, trx);
    await tx.insertProduct(row);
    await tx.replaceProductFiles(id, plan.files);
  });
  deps.catalogueChanged();
  return toProduct(row, true, deps.currency, plan.files);
}

/** A new product's files: `files`, or else the one `digitalFile` named after the product. */
function entriesOf(body: CreateInput) {
  if (body.files) return body.files;
  if (!body.digitalFile) {
    const message = CatalogMessages.digitalFileRequired;
    throw AppError.badRequest(message, { digitalFile: [message] });
  }
  return [{ public_id: body.digitalFile.public_id, name: body.title }];
}

/** A product saved: its answer, and its files before and after (what an update is made of). */
export interface ProductSave {
  product: Product;
  filesBefore: ProductFile[];
  filesAfter: ProductFile[];
  /** A file was added, removed or replaced (renaming or reordering is not). */
  filesChanged: boolean;
}

/** The file list an edit writes: `files`, or `digitalFile` replacing the first; none if neither. */
async function planEditFiles(
  deps: ProductWriteDeps,
  id: string,
  body: UpdateInput,
  current: ProductRow,
): Promise<{ before: ProductFileRow[]; plan?: FilePlan }> {
  const before = filesOrLegacy(current, await deps.repo.listProductFiles(id));
  const now = deps.clock();
  if (body.files) {
    return {
      before,
      plan: await planFiles(deps.uploads, id, before, body.files, { now, refusals: FILES_FIELD }),
    };
  }
  if (!body.digitalFile || body.digitalFile.public_id === current.digitalFileId) return { before };
  const entries = entriesFromDigitalFile(before, body.digitalFile.public_id, body.title);
  const plan = await planFiles(deps.uploads, id, before, entries, {
    now,
    refusals: DIGITAL_FILE_FIELD,
  });
  return { before, plan };
}

export async function updateProduct(
  deps: ProductWriteDeps,
  id: string,
  body: UpdateInput,
): Promise<Product> {
  return (await saveProduct(deps, id, body)).product;
}

/** An edit of a product, with what it did to the product's files. */
export async function saveProduct(
  deps: ProductWriteDeps,
  id: string,
  body: UpdateInput,
): Promise<ProductSave> {
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
    ...licenseKeyColumns(body.licenseKeys, true),
    updatedAt: deps.clock(),
  };
  const replaced: string[] = [];
  const attach: string[] = [];
  // The images and file this edit read: it saves only over them, so what it deletes after the
  // write is what it replaced, never what another edit just kept.
  const expected: Partial<Pick<ProductRow, 'images' | 'digitalFileId' | 'updatedAt'>> = {};
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
  const { before, plan } = await planEditFiles(deps, id, body, current);
  if (plan) {
    attach.push(...plan.attach);
    replaced.push(...plan.removed);
    Object.assign(changes, plan.first);
    // Saved only over the list this edit read: another edit's new file is never dropped.
    Object.assign(expected, { digitalFileId: current.digitalFileId, updatedAt: current.updatedAt });
  }
  // A replaced or removed file takes the owner's note about it away.
  Object.assign(changes, stampingChanges(body, current, (plan?.removed.length ?? 0) > 0));
  const after = plan?.files ?? before;
  await repo.transaction(async (tx, trx) => {
    await uploads.attachToProduct(attach, id, trx);
    if (!(await tx.updateProduct(id, changes, expected))) {
      throw AppError.conflict(ProductImageMessages.changedMeanwhile);
    }
    if (plan) await tx.replaceProductFiles(id, plan.files);
    // Product updates learn what the save did to the files, in its transaction.
    await deps.filesSaved?.(
      {
        productId: id,
        before: before.map(toProductFile),
        after: after.map(toProductFile),
        notifyBuyers: body.notifyBuyers,
        at: changes.updatedAt!,
      },
      trx,
    );
  });
  deps.catalogueChanged();
  await uploads.deleteFromProduct(replaced, id);
  return {
    product: toProduct({ ...current, ...changes }, true, deps.currency, after),
    filesBefore: before.map(toProductFile),
    filesAfter: after.map(toProductFile),
    filesChanged: plan?.changed ?? false,
  };
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
