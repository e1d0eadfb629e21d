import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DIGITAL_FILES_FOLDER, type DigitalFormat, type ImageFormat } from '@bindery/shared';
import type {
  ByteRange,
  ObjectReadStream,
  SignedDownloadOptions,
  Storage,
} from '../../adapters/storage/storage.js';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, renderSharePicture } from './images.js';
import type { UploadRow, UploadsRepo } from './uploads.repo.js';

const ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const PUBLIC_ID_SHAPE = new RegExp(`^${DIGITAL_FILES_FOLDER}/([A-Za-z0-9_-]{16,64})$`);
const IMAGE_URL_SHAPE = /^\/media\/images\/([A-Za-z0-9_-]{16,64})\/original\.([a-z0-9]+)$/;
const MEDIA_FILE_SHAPE = /^(original|thumb|card|large)\.([a-z0-9]+)$/;

export const DIGITAL_CONTENT_TYPES: Record<DigitalFormat, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  epub: 'application/epub+zip',
};

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

/** Where an upload's objects are kept: a digital file in `private`, an image's folder in `public`. */
export const fileKey = (row: Pick<UploadRow, 'id' | 'format'>) =>
  `${DIGITAL_FILES_FOLDER}/${row.id}.${row.format}`;
export const imagePrefix = (id: string) => `images/${id}/`;
export const imageUrl = (row: Pick<UploadRow, 'id' | 'format'>) =>
  `/media/images/${row.id}/original.${IMAGE_EXTENSIONS[row.format as ImageFormat]}`;

export function toFileUpload(row: UploadRow): FileUpload {
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

/** Finding uploads by the references products keep, and streaming their bytes back out. */
/** The 1200×630 JPEG that link previews show (`og:image`), made from the large variant. */
const SHARE_PICTURE = 'share.jpg';

/** Read whole only to be re-encoded: the large variant is a 1200-pixel WebP. */
const MAX_SHARE_SOURCE_BYTES = 8 * 1024 * 1024;

export function createUploadReads(repo: UploadsRepo, storage: Storage) {
  /**
   * An image's share picture, made the first time anyone asks (a link preview) and kept beside
   * its variants; older images get theirs the same way. Undefined when there is no such image.
   */
  async function openSharePicture(id: string) {
    const key = `${imagePrefix(id)}${SHARE_PICTURE}`;
    const kept = await storage.openRead('public', key);
    if (kept) return { stream: kept.stream, size: kept.size, contentType: 'image/jpeg' };
    const source = await storage.openRead('public', `${imagePrefix(id)}large.webp`);
    if (!source) return undefined;
    if (source.size > MAX_SHARE_SOURCE_BYTES) {
      source.stream.destroy();
      return undefined;
    }
    let data: Buffer;
    try {
      data = await renderSharePicture(await buffer(source.stream));
    } catch {
      // A variant that cannot be read makes no picture; the preview goes without one.
      return undefined;
    }
    await storage.write('public', key, data);
    return { stream: Readable.from([data]), size: data.length, contentType: 'image/jpeg' };
  }

  const reads = {
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
     * The bytes of a digital file (all, or an inclusive range) for downloads, or undefined when
     * there is no such file. A range outside the file throws InvalidRangeError.
     */
    async openFile(publicId: string, range?: ByteRange): Promise<DigitalFileStream | undefined> {
      const file = await reads.findFile(publicId);
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

    /**
     * A URL the buyer's client fetches a digital file (as `findFile` found it) from directly, a
     * bucket's presigned URL answered with the given headers; undefined when storage hands out no
     * URLs (the local disk: `openFile` streams it).
     */
    signedFileUrl(
      file: Pick<FileUpload, 'id' | 'format'>,
      options: Omit<SignedDownloadOptions, 'contentType'>,
    ): Promise<string | undefined> {
      return storage.signedDownloadUrl(fileKey(file), {
        ...options,
        contentType: DIGITAL_CONTENT_TYPES[file.format],
      });
    },

    /** An image or variant for /media, or undefined for anything that is not one. */
    async openImage(
      id: string,
      file: string,
    ): Promise<{ stream: Readable; size: number; contentType: string } | undefined> {
      if (file === SHARE_PICTURE && ID_SHAPE.test(id)) return openSharePicture(id);
      const match = MEDIA_FILE_SHAPE.exec(file);
      if (!ID_SHAPE.test(id) || !match) return undefined;
      const [, name, extension = ''] = match;
      const contentType = IMAGE_CONTENT_TYPES.get(extension);
      if (!contentType || (name !== 'original' && extension !== 'webp')) return undefined;
      const object = await storage.openRead('public', `${imagePrefix(id)}${file}`);
      return object && { stream: object.stream, size: object.size, contentType };
    },
  };
  return reads;
}
