import { createHash, randomBytes } from 'node:crypto';
import { UploadMessages, type UploadedFile, type UploadedImage } from '@bindery/shared';
import type { PendingObject, Storage } from '../../adapters/storage/storage.js';
import { AppError } from '../../errors.js';
import {
  asStorageFailure,
  checkDigitalUpload,
  checkImageUpload,
  sanitizeFileName,
  type ReceivedFile,
} from './file-intake.js';
import { IMAGE_EXTENSIONS, isInvalidImageError, renderOriginal, renderVariants } from './images.js';
import { fileKey, imagePrefix, imageUrl, toFileUpload } from './upload-reads.js';
import type { UploadRow, UploadsRepo } from './uploads.repo.js';

/** What storing a received upload needs: its rows, its objects and the time. */
export interface StoreDeps {
  repo: UploadsRepo;
  storage: Storage;
  clock: () => number;
}

const newUploadId = () => randomBytes(16).toString('base64url');

/**
 * Receives one upload and stores it, its temporary copy discarded either way; a full disk
 * anywhere on the way (temp file, sharp, storage) is answered 507.
 */
export async function storeReceived<T>(
  receive: () => Promise<ReceivedFile>,
  store: (pending: PendingObject, originalName: string) => Promise<T>,
): Promise<T> {
  try {
    const received = await receive();
    try {
      return await store(received.pending, received.fileName);
    } finally {
      await received.pending.discard();
    }
  } catch (error) {
    throw asStorageFailure(error);
  }
}

/** Checks a received digital file by content and moves it to private storage. */
export async function storeFile(
  { repo, clock }: StoreDeps,
  pending: PendingObject,
  originalName: string,
): Promise<UploadedFile> {
  const { format, fileName } = await checkDigitalUpload(pending, originalName);
  const row: UploadRow = {
    id: newUploadId(),
    kind: 'file',
    format,
    fileName,
    size: pending.size,
    sha256: pending.sha256,
    productId: null,
    createdAt: clock(),
  };
  // The row comes first: should the process die before the move, the sweep removes both.
  await repo.insertUpload(row);
  try {
    await pending.commit('private', fileKey(row));
  } catch (error) {
    await repo.deleteUploads([row.id]);
    throw error;
  }
  const upload = toFileUpload(row);
  return {
    public_id: upload.publicId,
    secure_url: upload.secureUrl,
    format,
    size: row.size,
    fileName,
  };
}

/**
 * Checks a received image by content and decoder, makes its variants and a copy of the
 * original without metadata, and publishes them. Only a decoder's "not a valid image" is the
 * client's 400; any other failure of sharp is ours.
 */
export async function storeImage(
  { repo, storage, clock }: StoreDeps,
  pending: PendingObject,
  originalName: string,
): Promise<UploadedImage> {
  const info = await checkImageUpload(pending);
  let rendered: { variants: Awaited<ReturnType<typeof renderVariants>>; original: Buffer };
  try {
    rendered = await pending.withLocalFile(async (file) => ({
      variants: await renderVariants(file),
      original: await renderOriginal(file, info),
    }));
  } catch (error) {
    if (isInvalidImageError(error)) throw AppError.badRequest(UploadMessages.imageUnreadable);
    throw error;
  }

  const extension = IMAGE_EXTENSIONS[info.format];
  const row: UploadRow = {
    id: newUploadId(),
    kind: 'image',
    format: info.format,
    fileName: sanitizeFileName(originalName) || `image.${extension}`,
    // What is stored and served: the original as re-encoded.
    size: rendered.original.length,
    sha256: createHash('sha256').update(rendered.original).digest('hex'),
    productId: null,
    createdAt: clock(),
  };
  await repo.insertUpload(row);
  const prefix = imagePrefix(row.id);
  try {
    for (const { variant, data } of rendered.variants)
      await storage.write('public', `${prefix}${variant}.webp`, data);
    // The original goes last: its URL is the one handed out, so it never points at a half-made image.
    await storage.write('public', `${prefix}original.${extension}`, rendered.original);
  } catch (error) {
    await storage.delete('public', prefix).catch(() => {});
    await repo.deleteUploads([row.id]);
    throw error;
  }
  return { url: imageUrl(row) };
}
