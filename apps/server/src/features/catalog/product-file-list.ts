import { randomBytes } from 'node:crypto';
import {
  ProductFileMessages,
  type AdminProductFile,
  type DigitalFormat,
  type ProductFileEntry,
  type PublicProductFile,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { UploadsService } from '../uploads/index.js';
import type { ProductRow } from './catalog.repo.js';
import type { ProductFileRow } from './product-files.repo.js';

/** A product's file as other features read it (downloads, updates, stamping). */
export interface ProductFile {
  id: string;
  name: string;
  size: number;
  format: DigitalFormat;
  /** The upload's public id (`secure-digital-products/<id>`), as `digitalFile.public_id`. */
  publicId: string;
  sha256: string;
}

export const toProductFile = (row: ProductFileRow): ProductFile => ({
  id: row.id,
  name: row.name,
  size: row.size,
  format: row.format,
  publicId: row.uploadId,
  sha256: row.sha256,
});

/** The answer's `files`: what each file is, and for admins where it is kept. */
export function toFileAnswers(
  rows: ProductFileRow[],
  isAdmin: boolean,
): AdminProductFile[] | PublicProductFile[] {
  return rows.map((row) => {
    const file = { id: row.id, name: row.name, format: row.format, size: row.size };
    if (!isAdmin) return file;
    return {
      ...file,
      public_id: row.uploadId,
      secure_url: `private://${row.uploadId}.${row.format}`,
    };
  });
}

/** The file list a save writes, and what it means for uploads. */
export interface FilePlan {
  files: ProductFileRow[];
  /** Upload ids the product claims with the save. */
  attach: string[];
  /** Upload ids of files the save removes or replaces: deleted after the write. */
  removed: string[];
  /** A file added, removed or replaced (renaming or moving files is not). */
  changed: boolean;
  /** The first file's columns on `products`, kept in step for the readers of `digitalFile`. */
  first: Pick<
    ProductRow,
    'digitalFileId' | 'digitalFileFormat' | 'digitalFileSize' | 'digitalFileName'
  >;
}

/** Which body field a refusal names, and its message for an upload that is not there. */
interface Refusals {
  field: 'files' | 'digitalFile';
  notUploaded: (publicId: string) => string;
}

export const FILES_FIELD: Refusals = {
  field: 'files',
  notUploaded: ProductFileMessages.notUploaded,
};
export const DIGITAL_FILE_FIELD: Refusals = {
  field: 'digitalFile',
  notUploaded: () => 'The digital file was not found. Please upload it again.',
};

const newFileId = () => randomBytes(12).toString('base64url');

function refuse(refusals: Refusals, message: string): never {
  throw AppError.badRequest(message, { [refusals.field]: [message] });
}

/**
 * The product's new list from an ordered body list: a current file (by its upload, `id` if
 * given must be its own) stays with its id, renamed and moved; a new upload must be one no
 * product holds. 400 for an id not of this product, an upload listed twice or not uploaded.
 */
export async function planFiles(
  uploads: Pick<UploadsService, 'findFile'>,
  productId: string,
  current: ProductFileRow[],
  entries: ProductFileEntry[],
  { now, refusals }: { now: number; refusals: Refusals },
): Promise<FilePlan> {
  const currentIds = new Set(current.map((file) => file.id));
  const seen = new Set<string>();
  const files: ProductFileRow[] = [];
  const attach: string[] = [];
  const names = new Map<string, string>();
  for (const [position, entry] of entries.entries()) {
    if (seen.has(entry.public_id)) refuse(refusals, ProductFileMessages.listedTwice);
    seen.add(entry.public_id);
    if (entry.id !== undefined && !currentIds.has(entry.id)) {
      refuse(refusals, ProductFileMessages.unknownFile(entry.id));
    }
    const kept = current.find((file) => file.uploadId === entry.public_id);
    if (kept) {
      files.push({ ...kept, position, name: entry.name, updatedAt: now });
      continue;
    }
    // A new upload, or another upload for a file of this product: a new file either way.
    const upload = await uploads.findFile(entry.public_id);
    if (!upload || upload.productId !== null)
      refuse(refusals, refusals.notUploaded(entry.public_id));
    attach.push(upload.id);
    names.set(upload.publicId, upload.fileName);
    files.push({
      id: newFileId(),
      productId,
      position,
      uploadId: upload.publicId,
      name: entry.name,
      size: upload.size,
      format: upload.format,
      sha256: upload.sha256,
      createdAt: now,
      updatedAt: now,
    });
  }
  const keptIds = new Set(files.map((file) => file.id));
  const removed: string[] = [];
  for (const file of current.filter((file) => !keptIds.has(file.id))) {
    const upload = await uploads.findFile(file.uploadId);
    if (upload) removed.push(upload.id);
  }
  const [head] = files as [ProductFileRow];
  const headName =
    names.get(head.uploadId) ?? (await uploads.findFile(head.uploadId))?.fileName ?? head.name;
  return {
    files,
    attach,
    removed,
    changed: attach.length > 0 || removed.length > 0,
    first: {
      digitalFileId: head.uploadId,
      digitalFileFormat: head.format,
      digitalFileSize: head.size,
      digitalFileName: headName,
    },
  };
}

/**
 * The entries a body without `files` stands for: `digitalFile` replaces the first file (named
 * as it was, or after the product when it is new) and keeps the others.
 */
export function entriesFromDigitalFile(
  current: ProductFileRow[],
  publicId: string,
  title: string,
): ProductFileEntry[] {
  const [first, ...others] = current;
  const rest = others.map((file) => ({ id: file.id, public_id: file.uploadId, name: file.name }));
  if (first?.uploadId === publicId) {
    return [{ id: first.id, public_id: publicId, name: first.name }, ...rest];
  }
  return [{ public_id: publicId, name: first?.name ?? title }, ...rest];
}

/**
 * The product's files as stored, or for a product row written without any (straight into the
 * table, as migration 028 would have carried it over) its one file from `digital_file_*`.
 */
export function filesOrLegacy(row: ProductRow, files: ProductFileRow[]): ProductFileRow[] {
  if (files.length > 0) return files;
  return [
    {
      id: row.id,
      productId: row.id,
      position: 0,
      uploadId: row.digitalFileId,
      name: row.title,
      size: row.digitalFileSize,
      format: row.digitalFileFormat,
      sha256: '',
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    },
  ];
}
