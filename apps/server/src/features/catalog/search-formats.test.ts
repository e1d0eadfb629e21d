import type { DigitalFormat, ProductList } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct, productBody, uploadTestFile } from '../../test/factories.js';
import { sampleEpub, sampleZip } from '../../test/upload-samples.js';
import { createCatalogRepo } from './catalog.repo.js';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
});

const titles = async (search: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/products?search=${encodeURIComponent(search)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProductList>().products.map((product) => product.title);
};
const sorted = async (search: string) => (await titles(search)).sort();

let seeded = 0;

/** Products of the given formats, through the catalogue's own insert (no uploads needed). */
async function seed(items: Array<{ title: string; format: DigitalFormat; description?: string }>) {
  const repo = createCatalogRepo(t.database.db, t.database.dialect);
  for (const item of items) {
    const index = (seeded += 1);
    await repo.insertProduct({
      id: `f${String(index).padStart(15, '0')}`,
      title: item.title,
      subtitle: '',
      description: item.description ?? 'A product.',
      priceCents: 1000,
      images: '[]',
      digitalFileId: `secure-digital-products/f${index}`,
      digitalFileFormat: item.format,
      digitalFileSize: 1234,
      digitalFileName: `file.${item.format}`,
      createdAt: 1_700_000_000_000 + index * 1000,
      updatedAt: 1_700_000_000_000 + index * 1000,
      archivedAt: null,
      downloadLimit: null,
      taxCode: null,
      payWhatYouWant: 0,
      minimumPriceCents: null,
    });
  }
}

describe('searching by the file’s format', () => {
  beforeEach(async () => {
    await seed([
      { title: 'Tide Tables', format: 'epub' },
      { title: 'Night Trains', format: 'epub' },
      { title: 'Bread Handbook', format: 'pdf' },
      { title: 'Type Handbook', format: 'pdf' },
      { title: 'Font Bundle', format: 'zip' },
    ]);
  });
  const EPUBS = ['Night Trains', 'Tide Tables'];

  test.each([['epub'], ['EPUB'], ['ebook'], ['e-book'], ['E\u2011Book'], ['e book'], ['ebooks']])(
    '"%s" finds the EPUBs',
    async (search) => {
      expect(await sorted(search)).toEqual(EPUBS);
    },
  );

  test('"pdf" finds the PDFs and "zip" the ZIPs', async () => {
    expect(await sorted('pdf')).toEqual(['Bread Handbook', 'Type Handbook']);
    expect(await sorted('PDF')).toEqual(['Bread Handbook', 'Type Handbook']);
    expect(await sorted('zip')).toEqual(['Font Bundle']);
  });

  test('the format is one more word of the product: "bread pdf" and "pdf handbook"', async () => {
    expect(await sorted('bread pdf')).toEqual(['Bread Handbook']);
    expect(await sorted('pdf handbook')).toEqual(['Bread Handbook', 'Type Handbook']);
    expect(await sorted('epub handbook')).toEqual([]);
  });

  test('a product that names the word in its title comes before those of that format', async () => {
    await seed([{ title: 'Zip Code Atlas', format: 'pdf', description: 'Postal codes.' }]);
    expect(await titles('zip')).toEqual(['Zip Code Atlas', 'Font Bundle']);
  });
});

describe('the format follows the product’s file', () => {
  test('a new file of another format moves the product; archiving takes it out', async () => {
    const epub = await uploadTestFile(t.app, admin, { data: sampleEpub(), fileName: 'tides.epub' });
    const product = await createTestProduct(t.app, admin, {
      title: 'Tide Tables',
      digitalFile: { public_id: epub.public_id, secure_url: epub.secure_url },
    });
    expect(product.digitalFile.format).toBe('epub');
    // Kept answers of both searches, before the change.
    expect(await titles('ebook')).toEqual(['Tide Tables']);
    expect(await titles('zip')).toEqual([]);

    const zip = await uploadTestFile(t.app, admin, {
      data: sampleZip([{ name: 'tides.txt', data: 'High water at noon.' }]),
      fileName: 'tides.zip',
    });
    const body = await productBody(t.app, admin, { title: 'Tide Tables' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: {
        ...body,
        image: undefined,
        digitalFile: { public_id: zip.public_id, secure_url: zip.secure_url },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(await titles('ebook')).toEqual([]);
    expect(await titles('zip')).toEqual(['Tide Tables']);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await titles('zip')).toEqual([]);
  });
});
