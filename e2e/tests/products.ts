import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './fixtures.js';

/**
 * Products for browser tests, made through the same API the admin's product form uses.
 */

/** A minimal well-formed PDF (the file host checks the content); `word` makes its bytes unique. */
export function pdfFor(word = ''): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      ...(word ? [`% ${word}`] : []),
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

/** Letters only, so the catalogue's full-text search reads it as one plain word. */
export function uniqueWord(length = 8): string {
  return Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** Compared by digest and size: a mismatch reads well in a failure, unlike two buffers. */
export function fingerprint(bytes: Buffer) {
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour 4:5 PNG cover, so each of several images can be told apart. */
export function coverPng(hue: number, width = 320, height = 400): Buffer {
  const [r, g, b] = hslToRgb(hue % 360, 0.55, 0.55);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export interface NewProduct {
  title: string;
  subtitle?: string;
  description?: string;
  price: number;
  /** How many cover images to upload (1 to 10). */
  images?: number;
  /** The digital file and the name it is uploaded under. */
  pdf?: Buffer;
  fileName?: string;
  /** Downloads per order for this product (0 unlimited); the store's limit when absent. */
  downloadLimit?: number;
  /** Pay what you want from this minimum up (the price is then the suggestion). */
  minimumPrice?: number;
}

/**
 * As the admin, through the same API the product form uses (signed file upload, image uploads,
 * then the product); answers the new product's id. `request` must be a context of its own: it is
 * left signed in as the admin.
 */
export async function createProduct(request: APIRequestContext, product: NewProduct) {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);

  const signed = await request.post('/api/products/generate-signature');
  expect(signed.ok()).toBe(true);
  const signature = (await signed.json()) as Record<string, string | number>;
  const file = await request.post('/api/uploads/file', {
    multipart: {
      // The file host checks the signature before it reads the file, so the fields go first.
      timestamp: String(signature.timestamp),
      signature: String(signature.signature),
      api_key: String(signature.api_key),
      folder: String(signature.folder),
      file: {
        name: product.fileName ?? 'book.pdf',
        mimeType: 'application/pdf',
        buffer: product.pdf ?? pdfFor(),
      },
    },
  });
  expect(file.status()).toBe(201);
  const digitalFile = (await file.json()) as { public_id: string; secure_url: string };

  const urls: string[] = [];
  for (let index = 0; index < (product.images ?? 1); index++) {
    const image = await request.post('/api/uploads/image', {
      multipart: {
        image: { name: `cover-${index}.png`, mimeType: 'image/png', buffer: coverPng(index * 36) },
      },
    });
    expect(image.status()).toBe(201);
    urls.push(((await image.json()) as { url: string }).url);
  }

  const created = await request.post('/api/products', {
    data: {
      title: product.title,
      subtitle: product.subtitle ?? '',
      description: product.description ?? 'Made by a browser test.',
      price: product.price,
      image: urls,
      digitalFile,
      ...(product.downloadLimit !== undefined ? { downloadLimit: product.downloadLimit } : {}),
      ...(product.minimumPrice !== undefined
        ? { payWhatYouWant: true, minimumPrice: product.minimumPrice }
        : {}),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** A product with a title only this test uses (`Atlas <word>`), made as the admin; `request` is left signed out. */
export async function productOfItsOwn(
  request: APIRequestContext,
  { name = 'Atlas', price }: { name?: string; price: number },
) {
  const title = `${name} ${uniqueWord()}`;
  const id = await createProduct(request, { title, price });
  await request.post('/api/auth/logout');
  return { _id: id, title };
}
