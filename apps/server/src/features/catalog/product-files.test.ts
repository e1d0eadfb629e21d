import { ProductFileMessages, type Product } from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct, productBody, uploadTestFile } from '../../test/factories.js';
import { sampleEpub, sampleZip } from '../../test/upload-samples.js';

/** Several files per product (issue 28): the list through the product API. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterAll(async () => {
  await t.close();
});

const epub = () => uploadTestFile(t.app, admin, { data: sampleEpub(), fileName: 'novel.epub' });
const zip = () =>
  uploadTestFile(t.app, admin, {
    data: sampleZip([{ name: 'extras/readme.txt', data: Buffer.from('hello') }]),
    fileName: 'extras.zip',
  });

async function put(product: Product, extra: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/products/${product._id}`,
    headers: { cookie: admin },
    payload: {
      title: product.title,
      description: product.description,
      price: product.price,
      ...extra,
    },
  });
}

type AdminFile = { id: string; name: string; format: string; public_id: string };
const filesOf = (product: Product) => product.files as AdminFile[];
const entry = (file: AdminFile, name = file.name) => ({
  id: file.id,
  public_id: file.public_id,
  name,
});

describe('a product’s files', () => {
  test('a product made with digitalFile has one file, named after it; digitalFile is the first', async () => {
    const product = await createTestProduct(t.app, admin);
    expect(product.files).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
        name: 'The Bookbinding Handbook',
        format: 'pdf',
        size: product.digitalFile.size,
        public_id: (product.digitalFile as { public_id: string }).public_id,
        secure_url: (product.digitalFile as { secure_url: string }).secure_url,
      },
    ]);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(visitor.json().files).toEqual([
      {
        id: filesOf(product)[0]!.id,
        name: 'The Bookbinding Handbook',
        format: 'pdf',
        size: product.digitalFile.size,
      },
    ]);
  });

  test('files are added, renamed, reordered and removed; ids stay while the upload stays', async () => {
    const [second, third] = [await epub(), await zip()];
    const body = await productBody(t.app, admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: {
        ...body,
        digitalFile: undefined,
        files: [
          { public_id: body.digitalFile!.public_id, name: 'Handbook (PDF)' },
          { public_id: second.public_id, name: 'Handbook (EPUB)' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<Product>();
    const [pdf, book] = filesOf(product) as [AdminFile, AdminFile];
    expect([pdf.name, book.name, book.format]).toEqual([
      'Handbook (PDF)',
      'Handbook (EPUB)',
      'epub',
    ]);

    // Reordered, renamed, a ZIP added: the EPUB is now first, so digitalFile names it.
    const edited = await put(product, {
      files: [
        entry(book, 'EPUB edition'),
        entry(pdf),
        { public_id: third.public_id, name: 'Extras' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const after = filesOf(edited.json<Product>());
    expect(after.map((file) => [file.id, file.name])).toEqual([
      [book.id, 'EPUB edition'],
      [pdf.id, 'Handbook (PDF)'],
      [expect.any(String), 'Extras'],
    ]);
    expect(edited.json().digitalFile).toMatchObject({ public_id: book.public_id, format: 'epub' });

    // The PDF left out: its upload is deleted with it.
    const removed = await put(product, { files: [entry(after[0]!), entry(after[2]!)] });
    expect(removed.statusCode).toBe(200);
    expect(filesOf(removed.json<Product>()).map((file) => file.id)).toEqual([
      book.id,
      after[2]!.id,
    ]);
    expect(await t.app.uploads.findFile(pdf.public_id)).toBeUndefined();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(filesOf(read.json<Product>()).map((file) => file.name)).toEqual([
      'EPUB edition',
      'Extras',
    ]);
  });

  test('without files, digitalFile replaces the first file and keeps the others', async () => {
    const extra = await epub();
    const body = await productBody(t.app, admin);
    const product = (
      await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: admin },
        payload: {
          ...body,
          files: [
            { public_id: body.digitalFile!.public_id, name: 'Print edition' },
            { public_id: extra.public_id, name: 'EPUB' },
          ],
        },
      })
    ).json<Product>();
    const [first, second] = filesOf(product) as [AdminFile, AdminFile];
    const replacement = await uploadTestFile(t.app, admin, { fileName: 'v2.pdf' });
    const edited = await put(product, { digitalFile: { public_id: replacement.public_id } });
    expect(edited.statusCode).toBe(200);
    const files = filesOf(edited.json<Product>());
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ name: 'Print edition', public_id: replacement.public_id });
    // A replaced upload is a new file.
    expect(files[0]!.id).not.toBe(first.id);
    expect(files[1]!.id).toBe(second.id);
    expect(edited.json().digitalFile.fileName).toBe('v2.pdf');
  });

  test('the save tells what it did to the files', async () => {
    const product = await createTestProduct(t.app, admin);
    const [file] = filesOf(product) as [AdminFile];
    const body = { title: product.title, description: product.description, price: product.price };
    const renamed = await t.app.catalog.saveProduct(product._id, {
      ...body,
      subtitle: '',
      files: [entry(file, 'Renamed')],
    });
    expect(renamed.filesChanged).toBe(false);
    expect(renamed.filesAfter.map((f) => f.name)).toEqual(['Renamed']);
    const added = await epub();
    const saved = await t.app.catalog.saveProduct(product._id, {
      ...body,
      subtitle: '',
      files: [entry(file), { public_id: added.public_id, name: 'EPUB' }],
    });
    expect(saved.filesChanged).toBe(true);
    expect(saved.filesBefore.map((f) => f.id)).toEqual([file.id]);
    expect(saved.filesAfter).toEqual([
      expect.objectContaining({
        id: file.id,
        publicId: file.public_id,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
      expect.objectContaining({ name: 'EPUB', format: 'epub', publicId: added.public_id }),
    ]);
    expect(await t.app.catalog.listProductFiles(product._id)).toEqual(saved.filesAfter);
  });
});

describe('bad file lists are refused with 400 and a field error', () => {
  let product: Product;
  let file: AdminFile;
  beforeAll(async () => {
    product = await createTestProduct(t.app, admin);
    file = filesOf(product)[0]!;
  });

  test.each([
    ['empty', () => [], ProductFileMessages.filesRequired],
    ['listed twice', () => [entry(file), entry(file, 'Again')], ProductFileMessages.listedTwice],
    ['a name too long', () => [entry(file, 'x'.repeat(201))], ProductFileMessages.nameTooLong],
    ['a blank name', () => [entry(file, '   ')], ProductFileMessages.nameRequired],
    [
      'too many',
      () =>
        Array.from({ length: 21 }, (_, i) => ({
          public_id: `secure-digital-products/x${i}`,
          name: 'x',
        })),
      ProductFileMessages.tooManyFiles,
    ],
    [
      'an unknown upload',
      () => [{ public_id: 'secure-digital-products/nope', name: 'Nope' }],
      ProductFileMessages.notUploaded('secure-digital-products/nope'),
    ],
    [
      'an id not of this product',
      () => [{ id: 'AAAAAAAAAAAAAAAA', public_id: file.public_id, name: 'x' }],
      ProductFileMessages.unknownFile('AAAAAAAAAAAAAAAA'),
    ],
  ])('%s', async (_name, files, message) => {
    const response = await put(product, { files: files() });
    expect(response.statusCode).toBe(400);
    const errors = Object.entries(response.json().errors as Record<string, string[]>);
    expect(
      errors.some(([field, list]) => field.startsWith('files') && list.includes(message)),
    ).toBe(true);
    const read = await t.app.catalog.listProductFiles(product._id);
    expect(read.map((f) => [f.id, f.name])).toEqual([[file.id, file.name]]);
  });

  test('an upload another product holds is refused', async () => {
    const other = await createTestProduct(t.app, admin);
    const taken = filesOf(other)[0]!;
    const response = await put(product, {
      files: [entry(file), { public_id: taken.public_id, name: 'Taken' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.files).toEqual([
      ProductFileMessages.notUploaded(taken.public_id),
    ]);
  });

  test('a new product needs files or digitalFile', async () => {
    const body = await productBody(t.app, admin);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { ...body, digitalFile: undefined },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.digitalFile).toEqual(['A digital product file is required']);
  });
});
