import { randomUUID } from 'node:crypto';
import {
  CreateProductBodySchema,
  priceDecimals,
  type DigitalFormat,
  type UploadedFile,
  type UploadedImage,
} from '@bindery/shared';
import type { z } from 'zod';
import { loadSharp } from '../../lib/load-sharp.js';
import type { Db } from '../client.js';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue.js';
import { bookChapters } from './demo-books.js';
import { makeBundle } from './demo-bundles.js';
import { makeCoverSvg, makeEpub, makeZip } from './demo-files.js';
import { makeGuide } from './demo-guides.js';
import { demoExtraFiles } from './demo-extra-files.js';

const SEEDED_KEY = 'demo-catalogue-seeded';

// What the seed needs from the catalogue and the uploads, declared here so db/ imports no
// feature; the app passes the real services, which fit these shapes.

/** Counts the store's products and adds one, checked like an admin's. */
export interface DemoCatalogueTarget {
  /** STORE_CURRENCY: what the demo prices are written in. */
  currency: string;
  countProducts(): Promise<number>;
  createProduct(body: z.output<typeof CreateProductBodySchema>): Promise<unknown>;
}

/** Stores a file or an image through the same checks as the upload hosts. */
export interface DemoUploadsTarget {
  saveFile(data: Uint8Array, fileName: string): Promise<UploadedFile>;
  saveImage(data: Uint8Array, fileName: string): Promise<UploadedImage>;
}

/**
 * A demo price in the store's currency: 12.99 where prices have cents, 1299 where they are whole
 * (¥1,299), so a JPY store's demo is priced as a yen store's would be.
 */
const demoPrice = (cents: number, currency: string) =>
  priceDecimals(currency) === 0 ? cents : cents / 100;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The product's file, with the contents its description names (demo-guides, -books, -bundles). */
function makeDigitalFile(product: DemoProduct): { data: Buffer; fileName: string } {
  const base = slug(product.title);
  const builders: Record<DigitalFormat, () => Buffer> = {
    pdf: () => makeGuide(product.title, product.subtitle),
    epub: () =>
      makeEpub({
        id: randomUUID(),
        title: product.title,
        author: 'Bindery Demo Press',
        chapters: bookChapters(product.title),
      }),
    zip: () => makeZip(makeBundle(product.title)),
  };
  return { data: builders[product.format](), fileName: `${base}.${product.format}` };
}

/** A cover and a plain sample page, so the gallery has something to switch between. */
async function makeImages(product: DemoProduct): Promise<Buffer[]> {
  const sharp = await loadSharp();
  const cover = await sharp(Buffer.from(makeCoverSvg(product.title, product.format, product.hue)))
    .png()
    .toBuffer();
  const sample = await sharp(
    Buffer.from(makeCoverSvg(product.subtitle, 'sample page', (product.hue + 150) % 360)),
  )
    .png()
    .toBuffer();
  return [cover, sample];
}

/**
 * Fills an empty store with the demo catalogue, once in the store's life: never when it has
 * products, and never again after an admin has cleared the demo away.
 */
export async function seedDemoCatalogue(deps: {
  db: Db;
  catalog: DemoCatalogueTarget;
  uploads: DemoUploadsTarget;
}): Promise<number> {
  const { db, catalog, uploads } = deps;
  const marker = await db
    .selectFrom('storeMeta')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (marker || (await catalog.countProducts()) > 0) return 0;
  const extras = demoExtraFiles(DEMO_PRODUCTS);
  // Newest first in the catalogue: insert in reverse so the list reads in the order above.
  for (const product of [...DEMO_PRODUCTS].reverse()) {
    const file = makeDigitalFile(product);
    const stored = await uploads.saveFile(file.data, file.fileName);
    const files = [];
    for (const extra of extras.get(product.title) ?? []) {
      const saved = await uploads.saveFile(extra.data, extra.fileName);
      files.push({ public_id: saved.public_id, name: extra.name });
    }
    const images = [];
    for (const [index, image] of (await makeImages(product)).entries()) {
      images.push((await uploads.saveImage(image, `${slug(product.title)}-${index + 1}.png`)).url);
    }
    await catalog.createProduct(
      CreateProductBodySchema.parse({
        title: product.title,
        subtitle: product.subtitle,
        description: product.description,
        price: demoPrice(product.priceCents, catalog.currency),
        image: images,
        digitalFile: { public_id: stored.public_id, secure_url: stored.secure_url },
        // A few come with more files: the main one first, named by its format.
        ...(files.length > 0 && {
          files: [
            { public_id: stored.public_id, name: `Guide (${product.format.toUpperCase()})` },
            ...files,
          ],
        }),
      }),
    );
  }
  await db
    .insertInto('storeMeta')
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .execute();
  return DEMO_PRODUCTS.length;
}
