import type { UploadSignature, UploadedFile, UploadedImage } from '@bindery/shared';
import type { PendingObject, Storage } from '../../adapters/storage/storage.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createFileIntake, type FormPart } from './file-intake.js';
import { createUploadBudget } from './upload-budget.js';
import { createUploadClaims } from './upload-claims.js';
import { createUploadReads } from './upload-reads.js';
import { createUploadSignatures } from './upload-signatures.js';
import { storeFile, storeImage, storeReceived, type StoreDeps } from './upload-storing.js';
import { createUploadsRepo } from './uploads.repo.js';

export { DIGITAL_CONTENT_TYPES } from './upload-reads.js';
export type { DigitalFileStream, FileUpload, ImageUpload } from './upload-reads.js';
export type { FormPart } from './file-intake.js';

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
  const deps: StoreDeps = { repo, storage, clock };
  const toFile = (pending: PendingObject, name: string) => storeFile(deps, pending, name);
  const toImage = (pending: PendingObject, name: string) => storeImage(deps, pending, name);

  return {
    ...createUploadReads(repo, storage),

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
      const receive = () =>
        intake.readSignedFile(parts, {
          redeem: (fields) => signatures.redeem(fields, sender.sessionHash),
          meter: (source) => budget.meter(sender.address, source),
        });
      return storeReceived(receive, toFile);
    },

    /** The image host (admins only, checked by the route): one `image` (or `file`) part. */
    uploadImage(parts: AsyncIterable<FormPart>, sender: UploadSender): Promise<UploadedImage> {
      const receive = () =>
        intake.readImage(parts, (source) => budget.meter(sender.address, source));
      return storeReceived(receive, toImage);
    },

    /** Stores a digital file from the server itself (seeding), with the same checks as the file host. */
    saveFile(
      data: Uint8Array | AsyncIterable<Uint8Array>,
      fileName: string,
    ): Promise<UploadedFile> {
      return storeReceived(
        async () => ({ pending: await intake.receiveFile(data), fileName }),
        toFile,
      );
    },

    /** Stores an image from the server itself (seeding), with the same checks as the image host. */
    saveImage(
      data: Uint8Array | AsyncIterable<Uint8Array>,
      fileName: string,
    ): Promise<UploadedImage> {
      return storeReceived(
        async () => ({ pending: await intake.receiveImage(data), fileName }),
        toImage,
      );
    },

    ...createUploadClaims({ db, repo, storage, signatures, budget, clock }),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
