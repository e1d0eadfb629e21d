import { createHash, randomBytes } from 'node:crypto';
import {
  UploadMessages,
  type UploadSignature,
  type UploadedFile,
  type UploadedImage,
} from '@bindery/shared';
import type { PendingObject, Storage } from '../../adapters/storage/storage.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  asStorageFailure,
  checkDigitalUpload,
  checkImageUpload,
  createFileIntake,
  sanitizeFileName,
  type FormPart,
} from './file-intake.js';
import { IMAGE_EXTENSIONS, isInvalidImageError, renderOriginal, renderVariants } from './images.js';
import { createUploadReads, fileKey, imagePrefix, imageUrl, toFileUpload } from './upload-reads.js';
import { createUploadBudget } from './upload-budget.js';
import { createUploadSignatures } from './upload-signatures.js';
import { createUploadsRepo, type UploadRow } from './uploads.repo.js';

export { DIGITAL_CONTENT_TYPES } from './upload-reads.js';
export type { DigitalFileStream, FileUpload, ImageUpload } from './upload-reads.js';
export type { FormPart } from './file-intake.js';

const SWEEP_BATCH = 100;

/** Who sends an upload: the session cookie's hash, if any, and the client address. */
export interface UploadSender {
  sessionHash?: string;
  address: string;
}

export interface UploadsServiceOptions {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'uploads'>;
  clock?: () => number;
}

const newUploadId = () => randomBytes(16).toString('base64url');

/** Runs one upload; a full disk anywhere on the way (temp file, sharp, storage) is answered 507. */
async function withDiskFullAnswered<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asStorageFailure(error);
  }
}
const unique = (ids: string[]) => [...new Set(ids)];

/**
 * The life of an upload: received and checked, recorded as a row, claimed by a product, and
 * deleted with its objects when no product wants it.
 */
export function createUploadsService({
  db,
  storage,
  config,
  clock = Date.now,
}: UploadsServiceOptions) {
  const repo = createUploadsRepo(db);
  const signatures = createUploadSignatures({
    repo,
    ttlSeconds: config.uploads.signatureTtlSeconds,
    clock,
  });
  const budget = createUploadBudget({
    repo,
    maxBytesPerHour: config.uploads.maxBytesPerAddressPerHour,
    clock,
  });
  const intake = createFileIntake(storage, config.uploads);
  const reads = createUploadReads(repo, storage);

  /** Checks a received digital file by content and moves it to private storage. */
  async function storeFile(pending: PendingObject, originalName: string): Promise<UploadedFile> {
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
  async function storeImage(pending: PendingObject, originalName: string): Promise<UploadedImage> {
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

  async function removeObjects(row: UploadRow) {
    if (row.kind === 'file') await storage.delete('private', fileKey(row));
    else await storage.delete('public', imagePrefix(row.id));
  }

  const service = {
    ...reads,

    /** What the file host needs to accept one upload by this session in the next signatureTtlSeconds. */
    createSignature(sessionHash: string): Promise<UploadSignature> {
      return signatures.issue(sessionHash);
    },

    /** Before an upload's body is read: 429 when its address has used its hour's budget. */
    requireUploadAllowance(address: string): Promise<void> {
      return budget.requireAllowance(address);
    },

    /**
     * The file host: a signed form with one digital file, from the session the signature was
     * issued to. Its bytes count against the sender's address.
     */
    uploadFile(parts: AsyncIterable<FormPart>, sender: UploadSender): Promise<UploadedFile> {
      return withDiskFullAnswered(async () => {
        const received = await intake.readSignedFile(parts, {
          redeem: (fields) => signatures.redeem(fields, sender.sessionHash),
          meter: (source) => budget.meter(sender.address, source),
        });
        try {
          return await storeFile(received.pending, received.fileName);
        } finally {
          await received.pending.discard();
        }
      });
    },

    /** The image host (admins only, checked by the route): one `image` (or `file`) part. */
    uploadImage(parts: AsyncIterable<FormPart>, sender: UploadSender): Promise<UploadedImage> {
      return withDiskFullAnswered(async () => {
        const received = await intake.readImage(parts, (source) =>
          budget.meter(sender.address, source),
        );
        try {
          return await storeImage(received.pending, received.fileName);
        } finally {
          await received.pending.discard();
        }
      });
    },

    /** Stores a digital file from the server itself (seeding), with the same checks as the file host. */
    saveFile(
      data: Uint8Array | AsyncIterable<Uint8Array>,
      fileName: string,
    ): Promise<UploadedFile> {
      return withDiskFullAnswered(async () => {
        const pending = await intake.receiveFile(data);
        try {
          return await storeFile(pending, fileName);
        } finally {
          await pending.discard();
        }
      });
    },

    /** Stores an image from the server itself (seeding), with the same checks as the image host. */
    saveImage(
      data: Uint8Array | AsyncIterable<Uint8Array>,
      fileName: string,
    ): Promise<UploadedImage> {
      return withDiskFullAnswered(async () => {
        const pending = await intake.receiveImage(data);
        try {
          return await storeImage(pending, fileName);
        } finally {
          await pending.discard();
        }
      });
    },

    /**
     * Claims uploads for a product, all or none: only uploads no product holds, or this
     * product's own, can be claimed; when one is gone or held by another product, nothing
     * changes and 409 is thrown. Pass the transaction that writes the product as `within`, so
     * the product and its claim are stored together or not at all. Claimed uploads are never swept.
     */
    async attachToProduct(uploadIds: string[], productId: string, within?: Db): Promise<void> {
      const ids = unique(uploadIds);
      if (ids.length === 0) return;
      const claim = async (trx: Db) => {
        const attached = await createUploadsRepo(trx).attachUploads(ids, productId);
        if (attached !== ids.length) throw AppError.conflict(UploadMessages.uploadUnavailable);
      };
      await (within ? claim(within) : db.transaction().execute(claim));
    },

    /**
     * Deletes uploads a product no longer uses: their rows, while the product still holds them,
     * then their files and variants. An upload is never released to be claimed by another
     * product on its way out. (Should the process stop between the two steps, the objects stay
     * on disk without a row; nothing refers to them.)
     */
    async deleteFromProduct(uploadIds: string[], productId: string): Promise<void> {
      const ids = unique(uploadIds);
      if (ids.length === 0) return;
      for (const row of await repo.deleteUploadsOfProduct(productId, ids)) await removeObjects(row);
    },

    /** Deletes every upload of a (deleted) product, as deleteFromProduct does. */
    async deleteForProduct(productId: string): Promise<void> {
      for (const row of await repo.deleteUploadsOfProduct(productId)) await removeObjects(row);
    },

    /**
     * Deletes uploads no product took within `olderThanMs` of their upload; returns how many.
     * Expired signatures and byte counts older than their hour go too.
     */
    async sweepOrphans(olderThanMs: number): Promise<number> {
      await signatures.sweepExpired();
      await budget.sweepExpired();
      const createdBefore = clock() - olderThanMs;
      let removed = 0;
      for (;;) {
        const rows = await repo.findUnattachedBefore(createdBefore, SWEEP_BATCH);
        for (const row of rows) {
          // The row goes first, and only while still unattached: a product claiming it now keeps it.
          if (await repo.deleteIfUnattached(row.id)) {
            await removeObjects(row);
            removed += 1;
          }
        }
        if (rows.length < SWEEP_BATCH) return removed;
      }
    },
  };
  return service;
}

export type UploadsService = ReturnType<typeof createUploadsService>;
