import {
  CatalogMessages,
  fromMinorUnits,
  type AdminListedProduct,
  type Product,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { CatalogRepo, ProductRow } from './catalog.repo.js';
import type { PublicProductRow } from './catalog-search.repo.js';
import { licenseKeysOf } from './product-license-keys.js';
import { toFileAnswers } from './product-file-list.js';
import type { ProductFileRow } from './product-files.repo.js';

/** Ids are 16 base64url characters; anything else is not a product and reads as not found. */
const ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;

/**
 * The product as the API shows it, its price in major units of the store's `currency` (ISO
 * 4217); only admins see where the digital file is kept, and only they need the whole row.
 */
export function toProduct(
  row: PublicProductRow,
  isAdmin: false,
  currency: string,
  files?: ProductFileRow[],
): Product;
export function toProduct(
  row: ProductRow,
  isAdmin: boolean,
  currency: string,
  files?: ProductFileRow[],
): Product;
export function toProduct(
  publicRow: PublicProductRow,
  isAdmin: boolean,
  currency: string,
  files?: ProductFileRow[],
): Product {
  // The second signature is the only one that may ask for the admin's view.
  const row = publicRow as ProductRow;
  const publicFile = { format: row.digitalFileFormat, size: row.digitalFileSize };
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    price: fromMinorUnits(row.priceCents, currency),
    currency,
    payWhatYouWant: row.payWhatYouWant === 1,
    minimumPrice:
      row.payWhatYouWant === 1 ? fromMinorUnits(row.minimumPriceCents ?? 0, currency) : null,
    image: JSON.parse(row.images) as string[],
    digitalFile: isAdmin
      ? {
          ...publicFile,
          public_id: row.digitalFileId,
          secure_url: `private://${row.digitalFileId}.${row.digitalFileFormat}`,
          fileName: row.digitalFileName,
        }
      : publicFile,
    ...(files ? { files: toFileAnswers(files, isAdmin) } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    ...(isAdmin ? { downloadLimit: row.downloadLimit, taxCode: row.taxCode } : {}),
    ...(isAdmin ? { licenseKeys: licenseKeysOf(row) } : {}),
    ...(isAdmin ? { stampPdf: row.stampPdf === 1, stampNote: row.stampNote ?? null } : {}),
  };
}

/** The admin's list row: the admin view, and when the product was archived (null on sale). */
export function toListedProduct(
  row: ProductRow,
  currency: string,
  files?: ProductFileRow[],
): AdminListedProduct {
  return {
    ...toProduct(row, true, currency, files),
    archivedAt: row.archivedAt === null ? null : new Date(row.archivedAt).toISOString(),
  };
}

/** A product in the catalogue, or undefined for a missing, archived or ill-formed id. */
export async function findLiveProduct(
  repo: CatalogRepo,
  id: string,
): Promise<ProductRow | undefined> {
  return ID_SHAPE.test(id) ? await repo.findProduct(id) : undefined;
}

/** Like findLiveProduct, but archived products included (their buyers still download). */
export async function findAnyProduct(
  repo: CatalogRepo,
  id: string,
): Promise<ProductRow | undefined> {
  return ID_SHAPE.test(id) ? await repo.findProductIncludingArchived(id) : undefined;
}

export async function requireProduct(repo: CatalogRepo, id: string): Promise<ProductRow> {
  const row = await findLiveProduct(repo, id);
  if (!row) throw AppError.notFound(CatalogMessages.productNotFound);
  return row;
}

/** Whether an id has the shape of a product id at all. */
export const isProductId = (id: string) => ID_SHAPE.test(id);
