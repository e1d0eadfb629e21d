import { createHash } from 'node:crypto';
import type { CreateProductBody, Product } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { createTestProduct, uploadTestFile } from './factories.js';
import { buyProduct, orderRow } from './purchase.js';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A product with this file, stamping on unless told otherwise. */
export async function stampingProduct(
  app: FastifyInstance,
  admin: string,
  file: { data: Buffer; fileName: string },
  stampPdf = true,
  overrides: Partial<CreateProductBody> = {},
): Promise<Product & { publicId: string }> {
  const uploaded = await uploadTestFile(app, admin, file);
  const product = await createTestProduct(app, admin, {
    ...overrides,
    stampPdf,
    digitalFile: { public_id: uploaded.public_id, secure_url: uploaded.secure_url },
  });
  return { ...product, publicId: uploaded.public_id };
}

/** Buys the product as this buyer: the download link and the order's number. */
export async function buyAs(app: FastifyInstance, db: Db, buyer: string, productId: string) {
  const bought = await buyProduct(app, db, buyer, productId);
  const { orderNumber } = await orderRow(db, bought.orderId);
  return { ...bought, orderNumber: Number(orderNumber) };
}

/** The stored bytes of an upload, as they are now. */
export async function storedOriginal(app: FastifyInstance, publicId: string): Promise<Buffer> {
  const opened = await app.uploads.openFile(publicId);
  if (!opened) throw new Error(`no upload ${publicId}`);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const stampRows = (db: Db) =>
  db.selectFrom('pdfStamps').selectAll().orderBy('orderId').execute();
