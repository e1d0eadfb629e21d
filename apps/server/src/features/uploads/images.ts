import { IMAGE_VARIANTS, type ImageFormat, type ImageVariant } from '@bindery/shared';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../lib/load-sharp.js';

/**
 * Larger images are refused before any pixel is decoded: a small file can declare a huge
 * canvas (a "pixel flood") and exhaust memory when decoded. 40 MP covers camera photos.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
};

/** The only types /media answers with, by file extension. */
export const IMAGE_CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['gif', 'image/gif'],
  ['avif', 'image/avif'],
]);

/** The image format a file's first bytes announce; SVG, HEIC and everything else are undefined. */
export function sniffImageFormat(head: Buffer): ImageFormat | undefined {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: a `ftyp` box whose major or compatible brands name AVIF.
  if (head.length >= 16 && ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4)
      brands.push(ascii(offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return undefined;
}

/**
 * What the decoder says when the bytes are not a valid image: the client's fault. Anything else
 * sharp throws (an unreadable or missing temp file, a full disk, memory, a blocked operation) is
 * ours. libvips appends `system error: …` when the operating system failed it.
 */
const INVALID_IMAGE_MESSAGES = [
  /^Input (file|buffer) has corrupt header/,
  /^Input (file|buffer) contains unsupported image format/,
  /^Input image exceeds pixel limit/,
  /^(VipsJpeg|vipspng|spng|gifload|webp|heif|jpegload|pngload|webpload|heifload):/,
  // libheif reading past the end of a truncated file names the file first.
  /^\S+: bad seek to \d+/,
];

/** True when sharp failed because the image is not a valid one, not because of us. */
export function isInvalidImageError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (/system error:/.test(error.message)) return false;
  const [firstLine = ''] = error.message.split('\n');
  return INVALID_IMAGE_MESSAGES.some((pattern) => pattern.test(firstLine));
}

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
  /** Frames of an animation; 1 for a still image. */
  pages: number;
  /** A PNG with a colour palette, kept as one when re-encoded. */
  isPalette: boolean;
  /** An animation's frame delays (ms) and loop count, kept when re-encoded. */
  delay?: number[];
  loop?: number;
}

/**
 * The decoder's view of the image, from its header only (no pixels are decoded), or undefined
 * when the decoder does not read it as one of the accepted formats. A failure that is ours
 * (the file cannot be read) is thrown.
 */
export async function readImageInfo(file: string): Promise<ImageInfo | undefined> {
  let metadata: Metadata;
  try {
    // The header is all that is read here; the pixel limit is checked by the caller with a clear message.
    metadata = await (await loadSharp())(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    if (isInvalidImageError(error)) return undefined;
    throw error;
  }
  const format = decoderFormat(metadata);
  if (!format || !metadata.width || !metadata.height) return undefined;
  return {
    format,
    width: metadata.width,
    height: metadata.pageHeight ?? metadata.height,
    pages: metadata.pages ?? 1,
    isPalette: metadata.isPalette === true,
    ...(metadata.delay ? { delay: metadata.delay } : {}),
    ...(metadata.loop !== undefined ? { loop: metadata.loop } : {}),
  };
}

function decoderFormat(metadata: Metadata): ImageFormat | undefined {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return metadata.format;
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : undefined;
    default:
      return undefined;
  }
}

/**
 * The WebP variants shown in the shop: turned upright from EXIF, never enlarged, and without
 * metadata (sharp drops EXIF, GPS and comments unless asked to keep them). Made one after the
 * other to bound memory; the first frame of an animation is enough for a picture.
 */
export async function renderVariants(
  file: string,
): Promise<Array<{ variant: ImageVariant; data: Buffer }>> {
  const variants: Array<{ variant: ImageVariant; data: Buffer }> = [];
  for (const [variant, width] of Object.entries(IMAGE_VARIANTS) as Array<[ImageVariant, number]>) {
    const data = await (
      await loadSharp()
    )(file, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      autoOrient: true,
      failOn: 'error',
    })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    variants.push({ variant, data });
  }
  return variants;
}

/** The size link previews ask for (Open Graph, Twitter's large card). */
export const SHARE_PICTURE_SIZE = { width: 1200, height: 630 } as const;

/**
 * A product image as a link preview shows it: the whole picture (a cover is never cropped) on
 * a light background filling 1200×630, as a JPEG, which every preview reads.
 */
export async function renderSharePicture(source: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .resize({
      ...SHARE_PICTURE_SIZE,
      fit: 'contain',
      background: { r: 245, g: 243, b: 239, alpha: 1 },
    })
    .flatten({ background: { r: 245, g: 243, b: 239 } })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * The original as the shop serves it: the same format, turned upright from EXIF, and re-encoded
 * so that no metadata survives (EXIF with GPS, XMP, IPTC, comments). Animations keep their
 * frames, delays and loop count.
 */
export async function renderOriginal(file: string, info: ImageInfo): Promise<Buffer> {
  const isAnimated = info.pages > 1;
  const image = (await loadSharp())(file, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    autoOrient: true,
    failOn: 'error',
    animated: isAnimated,
  });
  const animation = { ...(info.delay ? { delay: info.delay } : {}), loop: info.loop ?? 0 };
  switch (info.format) {
    case 'jpeg':
      return image.jpeg({ quality: 90 }).toBuffer();
    case 'png':
      return image.png({ palette: info.isPalette }).toBuffer();
    case 'webp':
      return image.webp({ quality: 90, ...(isAnimated ? animation : {}) }).toBuffer();
    case 'gif':
      return image.gif(isAnimated ? animation : {}).toBuffer();
    case 'avif':
      // The lowest effort: a 36-megapixel photo takes seconds, not tens of them.
      return image.avif({ quality: 60, effort: 0 }).toBuffer();
  }
}
