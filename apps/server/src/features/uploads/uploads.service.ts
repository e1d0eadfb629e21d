import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DIGITAL_FILES_FOLDER,
  ErrorCode,
  UploadMessages,
  type DigitalFormat,
  type ImageFormat,
  type UploadSignature,
  type UploadedFile,
  type UploadedImage,
} from '@bindery/shared';
import {
  ObjectTooLargeError,
  SourceFailedError,
  type ByteRange,
  type ObjectReadStream,
  type PendingObject,
  type Storage,
} from '../../adapters/storage/storage.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { checkDigitalFile } from './file-type.js';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  MAX_IMAGE_PIXELS,
  readImageInfo,
  renderVariants,
  sniffImageFormat,
} from './images.js';
import { createUploadsRepo, type UploadRow } from './uploads.repo.js';

/** The file host's public identifier; the signature, not this, is what authorises an upload. */
export const UPLOAD_API_KEY = 'bindery';
/** Clocks disagree a little; a signature from further ahead than this was not made by us now. */
const MAX_FUTURE_SKEW_SECONDS = 60;
const SIGNED_FIELDS = ['timestamp', 'signature', 'api_key', 'folder'] as const;
/** The image host reads `image` (the specification's name) or `file`. */
const IMAGE_FIELDS = new Set(['image', 'file']);
const FILE_NAME_MAX = 255;
const SWEEP_BATCH = 100;

const ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const PUBLIC_ID_SHAPE = new RegExp(`^${DIGITAL_FILES_FOLDER}/([A-Za-z0-9_-]{16,64})$`);
const IMAGE_URL_SHAPE = /^\/media\/images\/([A-Za-z0-9_-]{16,64})\/original\.([a-z0-9]+)$/;
const MEDIA_FILE_SHAPE = /^(original|thumb|card|large)\.([a-z0-9]+)$/;

export const DIGITAL_CONTENT_TYPES: Record<DigitalFormat, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  epub: 'application/epub+zip',
};

/** One part of a multipart form, as the routes hand it over. */
export type FormPart =
  | { kind: 'field'; name: string; value: string; isTruncated: boolean }
  | { kind: 'file'; name: string; fileName: string; stream: AsyncIterable<Uint8Array> };

export interface FileUpload {
  id: string;
  /** `secure-digital-products/<id>`: what the file host returned and products keep. */
  publicId: string;
  /** `private://secure-digital-products/<id>.pdf`: an internal reference, not a URL to fetch. */
  secureUrl: string;
  format: DigitalFormat;
  size: number;
  sha256: string;
  fileName: string;
  productId: string | null;
  createdAt: number;
}

export interface ImageUpload {
  id: string;
  /** `/media/images/<id>/original.<ext>`, as the image host returned it. */
  url: string;
  format: ImageFormat;
  size: number;
  sha256: string;
  fileName: string;
  productId: string | null;
  createdAt: number;
}

export interface DigitalFileStream extends ObjectReadStream {
  format: DigitalFormat;
  fileName: string;
  contentType: string;
}

export interface UploadsServiceOptions {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'sessionSecret' | 'uploads'>;
  clock?: () => number;
}

/** A key used for upload signatures only, so they can never be confused with other HMACs of the secret. */
export function deriveUploadSigningKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'bindery upload signature v1', 32));
}

/** HMAC-SHA256 (hex) of the canonical string `folder=<folder>&timestamp=<unix seconds>`. */
export function signUpload(key: Buffer, params: { folder: string; timestamp: number }): string {
  return createHmac('sha256', key)
    .update(`folder=${params.folder}&timestamp=${params.timestamp}`)
    .digest('hex');
}

/**
 * The name kept for display and downloads: no directories, no control or invisible formatting
 * characters (NUL, CR/LF, bidi overrides), at most 255 characters with the extension kept.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  const chars = [...cleaned];
  if (chars.length <= FILE_NAME_MAX) return cleaned;
  const extension = path.extname(cleaned);
  const kept = extension.length <= 16 ? extension : '';
  return chars.slice(0, FILE_NAME_MAX - kept.length).join('') + kept;
}

const newUploadId = () => randomBytes(16).toString('base64url');
const tooLarge = (message: string) => new AppError(413, ErrorCode.payloadTooLarge, message);
const unsupported = (message: string) => new AppError(415, ErrorCode.unsupportedMediaType, message);
const fileKey = (row: Pick<UploadRow, 'id' | 'format'>) =>
  `${DIGITAL_FILES_FOLDER}/${row.id}.${row.format}`;
const imagePrefix = (id: string) => `images/${id}/`;
const imageUrl = (row: Pick<UploadRow, 'id' | 'format'>) =>
  `/media/images/${row.id}/original.${IMAGE_EXTENSIONS[row.format as ImageFormat]}`;

/** The format a name claims by its extension, among the three the shop sells. */
function claimedFormat(fileName: string): DigitalFormat | undefined {
  const extension = path.extname(fileName).toLowerCase();
  return extension === '.pdf'
    ? 'pdf'
    : extension === '.zip'
      ? 'zip'
      : extension === '.epub'
        ? 'epub'
        : undefined;
}

/**
 * The name and the content must agree. An EPUB is also a valid ZIP, so one named `.zip` is
 * kept as a ZIP: the buyer receives what the seller named.
 */
function agreedFormat(claimed: DigitalFormat, detected: DigitalFormat): DigitalFormat | undefined {
  if (claimed === detected) return claimed;
  if (claimed === 'zip' && detected === 'epub') return 'zip';
  return undefined;
}

function toFileUpload(row: UploadRow): FileUpload {
  return {
    id: row.id,
    publicId: `${DIGITAL_FILES_FOLDER}/${row.id}`,
    secureUrl: `private://${fileKey(row)}`,
    format: row.format as DigitalFormat,
    size: row.size,
    sha256: row.sha256,
    fileName: row.fileName,
    productId: row.productId,
    createdAt: row.createdAt,
  };
}

function toImageUpload(row: UploadRow): ImageUpload {
  return {
    id: row.id,
    url: imageUrl(row),
    format: row.format as ImageFormat,
    size: row.size,
    sha256: row.sha256,
    fileName: row.fileName,
    productId: row.productId,
    createdAt: row.createdAt,
  };
}

function toIterable(data: Uint8Array | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return data instanceof Uint8Array ? Readable.from([data]) : data;
}

const unique = (ids: string[]) => [...new Set(ids)];

export function createUploadsService({
  db,
  storage,
  config,
  clock = Date.now,
}: UploadsServiceOptions) {
  const repo = createUploadsRepo(db);
  const signingKey = deriveUploadSigningKey(config.sessionSecret);
  const limits = config.uploads;

  /** 401 for anything not signed by us (or not for the digital files folder), 403 once it is too old. */
  function verifySignature(fields: ReadonlyMap<string, string>) {
    const timestamp = fields.get('timestamp') ?? '';
    const signature = fields.get('signature') ?? '';
    const isWellFormed =
      fields.get('api_key') === UPLOAD_API_KEY &&
      fields.get('folder') === DIGITAL_FILES_FOLDER &&
      /^\d{1,12}$/.test(timestamp) &&
      /^[0-9a-fA-F]{64}$/.test(signature);
    if (!isWellFormed) throw AppError.unauthorized(UploadMessages.badSignature);
    const expected = Buffer.from(
      signUpload(signingKey, { folder: DIGITAL_FILES_FOLDER, timestamp: Number(timestamp) }),
      'hex',
    );
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      throw AppError.unauthorized(UploadMessages.badSignature);
    }
    const age = Math.floor(clock() / 1000) - Number(timestamp);
    if (age > limits.signatureTtlSeconds || age < -MAX_FUTURE_SKEW_SECONDS) {
      throw AppError.forbidden(UploadMessages.expiredSignature);
    }
  }

  /** Streams a file part to temporary storage, turning storage's limits into HTTP answers. */
  async function receive(
    source: AsyncIterable<Uint8Array>,
    maxBytes: number,
    tooLargeMessage: string,
  ): Promise<PendingObject> {
    try {
      return await storage.receive(source, { maxBytes });
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw tooLarge(tooLargeMessage);
      if (error instanceof SourceFailedError) {
        throw error.cause instanceof AppError
          ? error.cause
          : AppError.badRequest(UploadMessages.malformedForm);
      }
      throw error;
    }
  }

  /** Checks a received digital file by content and moves it to private storage. */
  async function storeFile(pending: PendingObject, originalName: string): Promise<UploadedFile> {
    if (pending.size === 0) throw AppError.badRequest(UploadMessages.emptyFile);
    const fileName = sanitizeFileName(originalName);
    const claimed = claimedFormat(fileName);
    if (!claimed) throw unsupported(UploadMessages.fileTypeNotAllowed);
    const check = await checkDigitalFile(
      (position, length) => pending.read(position, length),
      pending.size,
    );
    if (check.kind === 'too-many-entries') throw tooLarge(UploadMessages.archiveTooManyEntries);
    if (check.kind === 'unknown') throw unsupported(UploadMessages.fileTypeNotAllowed);
    const format = agreedFormat(claimed, check.format);
    if (!format) throw unsupported(UploadMessages.fileTypeMismatch);

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

  /** Checks a received image by content and decoder, makes its variants and publishes it. */
  async function storeImage(pending: PendingObject, originalName: string): Promise<UploadedImage> {
    if (pending.size === 0) throw AppError.badRequest(UploadMessages.emptyFile);
    const announced = sniffImageFormat(await pending.read(0, 64));
    if (!announced) throw unsupported(UploadMessages.imageTypeNotAllowed);
    const info = await readImageInfo(pending.tempPath);
    if (!info || info.format !== announced) throw unsupported(UploadMessages.imageTypeNotAllowed);
    if (info.width * info.height > MAX_IMAGE_PIXELS)
      throw tooLarge(UploadMessages.imageTooManyPixels);
    let variants: Awaited<ReturnType<typeof renderVariants>>;
    try {
      variants = await renderVariants(pending.tempPath);
    } catch {
      throw AppError.badRequest(UploadMessages.imageUnreadable);
    }

    const extension = IMAGE_EXTENSIONS[info.format];
    const row: UploadRow = {
      id: newUploadId(),
      kind: 'image',
      format: info.format,
      fileName: sanitizeFileName(originalName) || `image.${extension}`,
      size: pending.size,
      sha256: pending.sha256,
      productId: null,
      createdAt: clock(),
    };
    await repo.insertUpload(row);
    const prefix = imagePrefix(row.id);
    try {
      for (const { variant, data } of variants)
        await storage.write('public', `${prefix}${variant}.webp`, data);
      // The original goes last: its URL is the one handed out, so it never points at a half-made image.
      await pending.commit('public', `${prefix}original.${extension}`);
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
    /** What the file host needs to accept one upload in the next signatureTtlSeconds. */
    createSignature(): UploadSignature {
      const timestamp = Math.floor(clock() / 1000);
      return {
        signature: signUpload(signingKey, { folder: DIGITAL_FILES_FOLDER, timestamp }),
        timestamp,
        api_key: UPLOAD_API_KEY,
        folder: DIGITAL_FILES_FOLDER,
      };
    },

    /**
     * The file host: fields `timestamp, signature, api_key, folder` and one `file`. When the
     * signature arrives before the file it is checked before a byte of the file is read;
     * otherwise the file waits in temporary storage until it is checked.
     */
    async uploadFile(parts: AsyncIterable<FormPart>): Promise<UploadedFile> {
      const fields = new Map<string, string>();
      let received: { pending: PendingObject; fileName: string } | undefined;
      let isVerified = false;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (part.isTruncated) throw tooLarge(UploadMessages.formTooLarge);
            if (!(SIGNED_FIELDS as readonly string[]).includes(part.name)) continue;
            // A repeated field could make what is checked differ from what is meant.
            if (fields.has(part.name)) throw AppError.unauthorized(UploadMessages.badSignature);
            fields.set(part.name, part.value);
            continue;
          }
          if (part.name !== 'file') throw AppError.badRequest(UploadMessages.unexpectedFileField);
          if (received) throw AppError.badRequest(UploadMessages.oneFileOnly);
          if (SIGNED_FIELDS.every((name) => fields.has(name))) {
            verifySignature(fields);
            isVerified = true;
          }
          const pending = await receive(
            part.stream,
            limits.maxFileBytes,
            UploadMessages.fileTooLarge,
          );
          received = { pending, fileName: part.fileName };
        }
        if (!isVerified) verifySignature(fields);
        if (!received) throw AppError.badRequest(UploadMessages.missingFile);
        return await storeFile(received.pending, received.fileName);
      } finally {
        await received?.pending.discard();
      }
    },

    /** The image host (admins only, checked by the route): one `image` (or `file`) part. */
    async uploadImage(parts: AsyncIterable<FormPart>): Promise<UploadedImage> {
      let received: { pending: PendingObject; fileName: string } | undefined;
      try {
        for await (const part of parts) {
          // Other fields (the specification's client sends a `key`) carry nothing we use.
          if (part.kind === 'field') continue;
          if (!IMAGE_FIELDS.has(part.name))
            throw AppError.badRequest(UploadMessages.unexpectedFileField);
          if (received) throw AppError.badRequest(UploadMessages.oneFileOnly);
          const pending = await receive(
            part.stream,
            limits.maxImageBytes,
            UploadMessages.imageTooLarge,
          );
          received = { pending, fileName: part.fileName };
        }
        if (!received) throw AppError.badRequest(UploadMessages.missingFile);
        return await storeImage(received.pending, received.fileName);
      } finally {
        await received?.pending.discard();
      }
    },

    /** Stores a digital file from the server itself (seeding), with the same checks as the file host. */
    async saveFile(
      data: Uint8Array | AsyncIterable<Uint8Array>,
      fileName: string,
    ): Promise<UploadedFile> {
      const pending = await receive(
        toIterable(data),
        limits.maxFileBytes,
        UploadMessages.fileTooLarge,
      );
      try {
        return await storeFile(pending, fileName);
      } finally {
        await pending.discard();
      }
    },

    /** Stores an image from the server itself (seeding), with the same checks as the image host. */
    async saveImage(
      data: Uint8Array | AsyncIterable<Uint8Array>,
      fileName: string,
    ): Promise<UploadedImage> {
      const pending = await receive(
        toIterable(data),
        limits.maxImageBytes,
        UploadMessages.imageTooLarge,
      );
      try {
        return await storeImage(pending, fileName);
      } finally {
        await pending.discard();
      }
    },

    /** The digital file behind a `public_id`, or undefined. */
    async findFile(publicId: string): Promise<FileUpload | undefined> {
      const id = PUBLIC_ID_SHAPE.exec(publicId)?.[1];
      const row = id ? await repo.findUpload(id, 'file') : undefined;
      return row && toFileUpload(row);
    },

    /** The image behind a URL the image host returned (`/media/images/<id>/original.<ext>`), or undefined. */
    async findImageByUrl(url: string): Promise<ImageUpload | undefined> {
      const match = IMAGE_URL_SHAPE.exec(url);
      const row = match?.[1] ? await repo.findUpload(match[1], 'image') : undefined;
      if (!row || IMAGE_EXTENSIONS[row.format as ImageFormat] !== match?.[2]) return undefined;
      return toImageUpload(row);
    },

    /**
     * Marks uploads as used by a product, all or none: when one is gone or belongs to another
     * product, nothing changes and 409 is thrown. Attached uploads are never swept.
     */
    async attachToProduct(uploadIds: string[], productId: string): Promise<void> {
      const ids = unique(uploadIds);
      if (ids.length === 0) return;
      await db.transaction().execute(async (trx) => {
        const attached = await createUploadsRepo(trx).attachUploads(ids, productId);
        if (attached !== ids.length) throw AppError.conflict(UploadMessages.uploadUnavailable);
      });
    },

    /** Releases uploads without deleting them (undoing an attach); the sweep removes them a day later. */
    async detach(uploadIds: string[]): Promise<void> {
      await repo.detachUploads(unique(uploadIds));
    },

    /** Deletes uploads a product no longer uses: their files and variants, then their rows. */
    async detachAndDelete(uploadIds: string[]): Promise<void> {
      const ids = unique(uploadIds);
      if (ids.length === 0) return;
      const rows = await repo.findUploads(ids);
      // Detached first: should this stop half-way, the sweep finishes it.
      await repo.detachUploads(ids);
      for (const row of rows) await removeObjects(row);
      await repo.deleteUploads(ids);
    },

    /** Deletes every upload of a (deleted) product. */
    async deleteForProduct(productId: string): Promise<void> {
      await service.detachAndDelete(await repo.findUploadIdsOfProduct(productId));
    },

    /** Deletes uploads no product took within `olderThanMs` of their upload; returns how many. */
    async sweepOrphans(olderThanMs: number): Promise<number> {
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

    /**
     * The bytes of a digital file (all, or an inclusive range) for downloads, or undefined when
     * there is no such file. A range outside the file throws InvalidRangeError.
     */
    async openFile(publicId: string, range?: ByteRange): Promise<DigitalFileStream | undefined> {
      const file = await service.findFile(publicId);
      if (!file) return undefined;
      const object = await storage.openRead('private', fileKey(file), range);
      if (!object) return undefined;
      return {
        ...object,
        format: file.format,
        fileName: file.fileName,
        contentType: DIGITAL_CONTENT_TYPES[file.format],
      };
    },

    /** An image or variant for /media, or undefined for anything that is not one. */
    async openImage(
      id: string,
      file: string,
    ): Promise<{ stream: Readable; size: number; contentType: string } | undefined> {
      const match = MEDIA_FILE_SHAPE.exec(file);
      if (!ID_SHAPE.test(id) || !match) return undefined;
      const [, name, extension = ''] = match;
      const contentType = IMAGE_CONTENT_TYPES.get(extension);
      if (!contentType || (name !== 'original' && extension !== 'webp')) return undefined;
      const object = await storage.openRead('public', `${imagePrefix(id)}${file}`);
      return object && { stream: object.stream, size: object.size, contentType };
    },
  };
  return service;
}

export type UploadsService = ReturnType<typeof createUploadsService>;
