import path from 'node:path';
import { Readable } from 'node:stream';
import { ErrorCode, UploadMessages, type DigitalFormat } from '@bindery/shared';
import {
  ObjectTooLargeError,
  SourceFailedError,
  type PendingObject,
  type Storage,
} from '../../adapters/storage/storage.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { checkDigitalFile } from './file-type.js';
import { MAX_IMAGE_PIXELS, readImageInfo, sniffImageFormat, type ImageInfo } from './images.js';
import { SIGNED_FIELDS } from './upload-signatures.js';

/** One part of a multipart form, as the routes hand it over. */
export type FormPart =
  | { kind: 'field'; name: string; value: string; isTruncated: boolean }
  | { kind: 'file'; name: string; fileName: string; stream: AsyncIterable<Uint8Array> };

/** A file part received into temporary storage, with the name the client gave it. */
export interface ReceivedFile {
  pending: PendingObject;
  fileName: string;
}

/** Passes a file part's bytes on, counting or limiting them on the way. */
export type Meter = (source: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;

export interface SignedFormOptions {
  /** Checks the signed fields and spends the signature, or throws. */
  redeem: (fields: ReadonlyMap<string, string>) => Promise<void>;
  meter?: Meter;
}

/** The image host reads `image` (the specification's name) or `file`. */
const IMAGE_FIELDS = new Set(['image', 'file']);
const FILE_NAME_MAX = 255;

export const tooLarge = (message: string) => new AppError(413, ErrorCode.payloadTooLarge, message);
export const unsupported = (message: string) =>
  new AppError(415, ErrorCode.unsupportedMediaType, message);

/** True for a full disk, from the file system (ENOSPC) or from libvips (which says it in words). */
function isNoSpace(error: unknown): boolean {
  return (
    error instanceof Error &&
    ((error as NodeJS.ErrnoException).code === 'ENOSPC' ||
      /No space left on device/.test(error.message))
  );
}

/**
 * A full disk, as the answer a client can act on: 507 with a clear message, the cause kept for
 * the log. Any other error is returned as it is (the error handler logs it and answers 500).
 */
export function asStorageFailure(error: unknown): unknown {
  if (!isNoSpace(error)) return error;
  const failure = new AppError(507, ErrorCode.insufficientStorage, UploadMessages.storageFull);
  failure.cause = error;
  return failure;
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

/** A received digital file, recognised by its content: its format and its sanitised name. */
export async function checkDigitalUpload(
  pending: PendingObject,
  originalName: string,
): Promise<{ format: DigitalFormat; fileName: string }> {
  if (pending.size === 0) throw AppError.badRequest(UploadMessages.emptyFile);
  const fileName = sanitizeFileName(originalName);
  const claimed = claimedFormat(fileName);
  if (!claimed) throw unsupported(UploadMessages.fileTypeNotAllowed);
  const check = await checkDigitalFile(
    (position, length) => pending.read(position, length),
    pending.size,
  );
  if (check.kind === 'too-many-entries') throw tooLarge(UploadMessages.archiveTooManyEntries);
  // The name promises a PDF, ZIP or EPUB and the content is none: say so, not "wrong extension".
  if (check.kind === 'unknown') throw unsupported(UploadMessages.fileNotRealDigital);
  const format = agreedFormat(claimed, check.format);
  if (!format) throw unsupported(UploadMessages.fileTypeMismatch);
  return { format, fileName };
}

/** A received image, recognised by its magic bytes and then by the decoder's reading of its header. */
export async function checkImageUpload(pending: PendingObject): Promise<ImageInfo> {
  if (pending.size === 0) throw AppError.badRequest(UploadMessages.emptyFile);
  const announced = sniffImageFormat(await pending.read(0, 64));
  if (!announced) throw unsupported(UploadMessages.imageTypeNotAllowed);
  const info = await pending.withLocalFile(readImageInfo);
  if (!info || info.format !== announced) throw unsupported(UploadMessages.imageTypeNotAllowed);
  // Every frame of an animation is decoded when it is re-encoded, so they all count.
  if (info.width * info.height * info.pages > MAX_IMAGE_PIXELS)
    throw tooLarge(UploadMessages.imageTooManyPixels);
  return info;
}

function toIterable(data: Uint8Array | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return data instanceof Uint8Array ? Readable.from([data]) : data;
}

/** Streams a file part to temporary storage, turning storage's limits into HTTP answers. */
async function receive(
  storage: Storage,
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

/** Receives one file part's bytes into temporary storage, within its limit. */
type Receive = (source: AsyncIterable<Uint8Array>) => Promise<PendingObject>;

/**
 * The file host's form: fields `timestamp, signature, api_key, folder`, then one `file`. The
 * signature is checked (and spent) before a byte of the file is read; a file that comes
 * before the signature fields is refused unread. The caller discards what it gets back; on
 * failure nothing is left.
 */
async function readSignedFile(
  parts: AsyncIterable<FormPart>,
  { redeem, meter = (source) => source }: SignedFormOptions,
  receiveFile: Receive,
): Promise<ReceivedFile> {
  const fields = new Map<string, string>();
  let received: ReceivedFile | undefined;
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
      if (!SIGNED_FIELDS.every((name) => fields.has(name))) {
        throw AppError.badRequest(UploadMessages.signatureAfterFile);
      }
      await redeem(fields);
      const pending = await receiveFile(meter(part.stream));
      received = { pending, fileName: part.fileName };
    }
    if (!received) {
      await redeem(fields);
      throw AppError.badRequest(UploadMessages.missingFile);
    }
    return received;
  } catch (error) {
    await received?.pending.discard();
    throw error;
  }
}

/** The image host's form: one `image` (or `file`) part; other fields are ignored. */
async function readImage(
  parts: AsyncIterable<FormPart>,
  meter: Meter,
  receiveImage: Receive,
): Promise<ReceivedFile> {
  let received: ReceivedFile | undefined;
  try {
    for await (const part of parts) {
      // Other fields (the specification's client sends a `key`) carry nothing we use.
      if (part.kind === 'field') continue;
      if (!IMAGE_FIELDS.has(part.name))
        throw AppError.badRequest(UploadMessages.unexpectedFileField);
      if (received) throw AppError.badRequest(UploadMessages.oneFileOnly);
      const pending = await receiveImage(meter(part.stream));
      received = { pending, fileName: part.fileName };
    }
    if (!received) throw AppError.badRequest(UploadMessages.missingFile);
    return received;
  } catch (error) {
    await received?.pending.discard();
    throw error;
  }
}

/** Streams file parts into temporary storage, within the size limits of the config. */
export function createFileIntake(storage: Storage, limits: Config['uploads']) {
  const receiveFile: Receive = (source) =>
    receive(storage, source, limits.maxFileBytes, UploadMessages.fileTooLarge);
  const receiveImage: Receive = (source) =>
    receive(storage, source, limits.maxImageBytes, UploadMessages.imageTooLarge);
  return {
    readSignedFile: (parts: AsyncIterable<FormPart>, options: SignedFormOptions) =>
      readSignedFile(parts, options, receiveFile),
    readImage: (parts: AsyncIterable<FormPart>, meter: Meter = (source) => source) =>
      readImage(parts, meter, receiveImage),
    /** A digital file from the server itself (seeding), within the file host's limit. */
    receiveFile: (data: Uint8Array | AsyncIterable<Uint8Array>) => receiveFile(toIterable(data)),
    /** An image from the server itself (seeding), within the image host's limit. */
    receiveImage: (data: Uint8Array | AsyncIterable<Uint8Array>) => receiveImage(toIterable(data)),
  };
}

export type FileIntake = ReturnType<typeof createFileIntake>;
