import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import type { Product, ProductList } from '@bindery/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { seedDemoCatalogue } from './seed-demo-catalogue.js';

const seed = () =>
  seedDemoCatalogue({ db: t.database.db, catalog: t.app.catalog, uploads: t.app.uploads });

// Making the demo files takes seconds: one store is seeded once, read by the first test and
// then cleared by the second (the tests run in order).
let t: TestApp;
let seeded: number;
beforeAll(async () => {
  t = await buildTestApp();
  seeded = await seed();
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function readAll(publicId: string): Promise<Buffer> {
  const opened = await t.app.uploads.openFile(publicId);
  if (!opened) throw new Error(`missing file ${publicId}`);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Reads a ZIP through its central directory and inflates every entry, checking each CRC. */
function unzip(zip: Buffer): Array<{ name: string; data: Buffer; method: number }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50);
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    const localNameLength = zip.readUInt16LE(local + 26);
    const localExtra = zip.readUInt16LE(local + 28);
    const start = local + 30 + localNameLength + localExtra;
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? raw : inflateRawSync(raw);
    expect(crc32(data), `CRC of ${name}`).toBe(crc);
    entries.push({ name, data, method });
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

/** Every object the cross-reference table points at starts where it says. */
function expectValidPdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const xrefAt = Number(text.match(/startxref\n(\d+)/)![1]);
  expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
  const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
    Number(m[1]),
  );
  expect(offsets.length).toBeGreaterThan(4);
  offsets.forEach((at, index) =>
    expect(text.slice(at).startsWith(`${index + 1} 0 obj`)).toBe(true),
  );
}

/** The page count (pdfinfo) and the text (pdftotext) of a PDF, as poppler reads them. */
function pdfInfo(pdf: Buffer): { pages: number; text: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bindery-pdf-'));
  try {
    const file = path.join(dir, 'file.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return { pages: Number(info.match(/^Pages:\s+(\d+)$/m)![1]), text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expectValidEpub(epub: Buffer) {
  const entries = unzip(epub);
  expect(entries[0]).toMatchObject({ name: 'mimetype', method: 0 });
  expect(entries[0]!.data.toString()).toBe('application/epub+zip');
  const byName = new Map(entries.map((entry) => [entry.name, entry.data.toString('utf8')]));
  const container = byName.get('META-INF/container.xml')!;
  const opfPath = container.match(/full-path="([^"]+)"/)![1]!;
  const opf = byName.get(opfPath)!;
  expect(opf).toMatch(/<dc:title>/);
  const folder = opfPath.slice(0, opfPath.lastIndexOf('/') + 1);
  for (const [, href] of opf.matchAll(/href="([^"]+)"/g))
    expect(byName.has(folder + href), href).toBe(true);
  for (const [, idref] of opf.matchAll(/idref="([^"]+)"/g)) expect(opf).toContain(`id="${idref}"`);
}

test(
  'an empty store gets 24 demo products across the three formats, each with real files',
  { timeout: 120_000 },
  async () => {
    expect(seeded).toBe(24);
    const page = await t.app.inject({ method: 'GET', url: '/api/products?limit=10' });
    expect(page.json<ProductList>()).toMatchObject({ total: 24, pages: 3 });
    expect(page.json<ProductList>().products[0]!.title).toBe('The Bookbinding Handbook');

    const { cookie } = await signInAsAdmin(t.app);
    const formats = new Map<string, number>();
    const pdfs = new Map<string, Buffer>();
    const epubs = new Map<string, ReturnType<typeof unzip>>();
    const zips = new Map<string, ReturnType<typeof unzip>>();
    const descriptions = new Map<string, string>();
    let totalBytes = 0;
    const severalFiles = new Map<string, number>();
    for (let p = 1; p <= 3; p++) {
      const list = (
        await t.app.inject({ method: 'GET', url: `/api/products?page=${p}&limit=10` })
      ).json<ProductList>();
      for (const summary of list.products) {
        const product = (
          await t.app.inject({
            method: 'GET',
            url: `/api/products/${summary._id}`,
            headers: { cookie },
          })
        ).json<Product>();
        if ((product.files?.length ?? 0) > 1)
          severalFiles.set(product.title, product.files!.length);
        const file = product.digitalFile as { format: string; public_id: string };
        formats.set(file.format, (formats.get(file.format) ?? 0) + 1);
        const data = await readAll(file.public_id);
        if (file.format === 'pdf') expectValidPdf(data);
        if (file.format === 'epub') expectValidEpub(data);
        if (file.format === 'zip') {
          const entries = unzip(data);
          expect(entries.slice(0, 2).map((e) => e.name.split('/').pop())).toEqual([
            'README.txt',
            'LICENSE.txt',
          ]);
          for (const entry of entries.filter((e) => e.name.endsWith('.pdf')))
            expectValidPdf(entry.data);
          zips.set(product.title, entries);
        }
        if (file.format === 'epub') epubs.set(product.title, unzip(data));
        if (file.format === 'pdf') pdfs.set(product.title, data);
        descriptions.set(product.title, product.description);
        totalBytes += data.length;
        expect(product.image).toHaveLength(2);
        const card = await t.app.inject({
          method: 'GET',
          url: product.image[0]!.replace(/original\.png$/, 'card.webp'),
        });
        expect(card.statusCode).toBe(200);
        expect(card.headers['content-type']).toBe('image/webp');
      }
    }
    expect(Object.fromEntries(formats)).toEqual({ pdf: 8, epub: 8, zip: 8 });
    // A few guides come with a ZIP of extras (issue 28), the handbook with two.
    expect(severalFiles.size).toBe(3);
    expect(severalFiles.get('Typography for Screens')).toBe(3);
    expect(severalFiles.has('The Bookbinding Handbook')).toBe(false);

    // The files are what their descriptions say, read back as a buyer's reader would.
    const handbook = 'The Bookbinding Handbook';
    const pages = Number(descriptions.get(handbook)!.match(/(\d+) pages with sixty diagrams/)![1]);
    expect(pdfInfo(pdfs.get(handbook)!).pages).toBe(pages);
    const figures = new Set(pdfInfo(pdfs.get(handbook)!).text.match(/^Figure \d+\./gm));
    expect(figures.size).toBe(60);
    expect(descriptions.get('Home Espresso Cheat Sheet')).toContain('A two-page reference');
    expect(pdfInfo(pdfs.get('Home Espresso Cheat Sheet')!).pages).toBe(2);
    const chapters = (title: string) =>
      epubs.get(title)!.filter((e) => /chapter-\d+\.xhtml$/.test(e.name)).length;
    expect(descriptions.get('Night Trains')).toContain('Seven stories');
    expect(chapters('Night Trains')).toBe(7);
    expect(descriptions.get('Letters from the Orchard')).toContain('Twelve essays');
    expect(chapters('Letters from the Orchard')).toBe(12);
    expect(descriptions.get('Poems for Rainy Afternoons')).toContain('Forty short poems');
    expect(chapters('Poems for Rainy Afternoons')).toBe(40);
    const icons = zips.get('Icon Set: Everyday Line')!.map((e) => e.name);
    expect(icons.filter((name) => name.endsWith('.svg'))).toHaveLength(240);
    expect(icons.filter((name) => name.endsWith('.png'))).toHaveLength(3 * 240);
    const cards = zips
      .get('Recipe Card Collection')!
      .find((e) => e.name.endsWith('/recipe-cards.pdf'))!;
    expect(pdfInfo(cards.data).pages).toBe(50);
    // A few megabytes in all: real-sized, still quick to make at the first start.
    expect(totalBytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(totalBytes).toBeLessThan(6 * 1024 * 1024);
  },
);

test(
  'seeding never touches a store that has products, nor runs twice',
  { timeout: 120_000 },
  async () => {
    expect(seeded).toBe(24);
    expect(await seed()).toBe(0);
    // An admin who clears the demo away does not get it back at the next start.
    const { cookie } = await signInAsAdmin(t.app);
    for (let remaining = 24; remaining > 0; remaining -= 10) {
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/products?limit=10' })
      ).json<ProductList>();
      for (const product of list.products) {
        await t.app.inject({
          method: 'DELETE',
          url: `/api/products/${product._id}`,
          headers: { cookie },
        });
      }
    }
    expect(await t.app.catalog.countProducts()).toBe(0);
    expect(await seed()).toBe(0);
  },
);
