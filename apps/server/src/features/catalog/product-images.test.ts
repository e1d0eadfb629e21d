import {
  CatalogMessages,
  ProductImageMessages,
  UploadMessages,
  type Product,
} from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct, productBody, uploadTestImage } from '../../test/factories.js';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
});

const uploadImages = async (count: number) => {
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) urls.push(await uploadTestImage(t.app, admin));
  return urls;
};

/** Saves the product's texts as they are with this ordered image list, as the edit form does. */
const saveImages = (product: Product, image: string[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${product._id}`,
    headers: { cookie: admin },
    payload: {
      title: product.title,
      subtitle: product.subtitle,
      description: product.description,
      price: product.price,
      image,
    },
  });

const mediaStatus = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const publicImages = async (product: Product) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json<Product>()
    .image;

describe('editing the ordered image list', () => {
  test('reorders the current images without uploading them again; the first is the cover', async () => {
    const product = await createTestProduct(t.app, admin, { image: await uploadImages(3) });
    const [a, b, c] = product.image as [string, string, string];
    const response = await saveImages(product, [c, a, b]);
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>().image).toEqual([c, a, b]);
    expect(await publicImages(product)).toEqual([c, a, b]);
    for (const url of [a, b, c]) expect(await mediaStatus(url)).toBe(200);
  });

  test('removes one image: gone from the product and from storage, the others stay', async () => {
    const product = await createTestProduct(t.app, admin, { image: await uploadImages(3) });
    const [a, b, c] = product.image as [string, string, string];
    const response = await saveImages(product, [a, c]);
    expect(response.statusCode).toBe(200);
    expect(await publicImages(product)).toEqual([a, c]);
    expect(await mediaStatus(b)).toBe(404);
    expect(await mediaStatus(a)).toBe(200);
    expect(await mediaStatus(c)).toBe(200);
  });

  test('adds new uploads anywhere in the list beside the current image', async () => {
    const product = await createTestProduct(t.app, admin);
    const [current] = product.image as [string];
    const [first, second] = (await uploadImages(2)) as [string, string];
    const response = await saveImages(product, [second, current, first]);
    expect(response.statusCode).toBe(200);
    expect(await publicImages(product)).toEqual([second, current, first]);
    for (const url of [first, second, current]) expect(await mediaStatus(url)).toBe(200);
    // Now the product's own: another product cannot take them.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: await productBody(t.app, admin, { image: [first] }),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(ProductImageMessages.ofAnotherProduct(first));
  });

  test.each([
    ['another product', 'other'],
    ['an unknown upload', '/media/images/AAAAAAAAAAAAAAAAAAAAAA/original.png'],
    ['another site', 'https://elsewhere.example/cover.png'],
  ])(
    'refuses an image of %s with 400, and nothing changes or is deleted',
    async (_case, foreign) => {
      const product = await createTestProduct(t.app, admin, { image: await uploadImages(2) });
      const [a, b] = product.image as [string, string];
      const otherProduct = await createTestProduct(t.app, admin);
      const url = foreign === 'other' ? otherProduct.image[0]! : foreign;
      const response = await saveImages(product, [url, a]);
      expect(response.statusCode).toBe(400);
      const message =
        foreign === 'other'
          ? ProductImageMessages.ofAnotherProduct(url)
          : ProductImageMessages.notUploaded(url);
      expect(response.json()).toMatchObject({ message, errors: { image: [message] } });
      expect(await publicImages(product)).toEqual([a, b]);
      expect(await mediaStatus(b)).toBe(200);
      expect(await publicImages(otherProduct)).toEqual(otherProduct.image);
    },
  );

  test('the same image twice is refused', async () => {
    const product = await createTestProduct(t.app, admin);
    const response = await saveImages(product, [product.image[0]!, product.image[0]!]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ProductImageMessages.listedTwice);
  });

  test('ten images are the limit: ten are kept, eleven refused with the form message', async () => {
    const product = await createTestProduct(t.app, admin);
    const added = await uploadImages(9);
    const ten = await saveImages(product, [...product.image, ...added]);
    expect(ten.statusCode).toBe(200);
    expect(ten.json<Product>().image).toHaveLength(10);
    const [extra] = await uploadImages(1);
    const eleven = await saveImages(product, [...product.image, ...added, extra!]);
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().errors.image).toEqual([CatalogMessages.tooManyImages]);
    expect(await publicImages(product)).toHaveLength(10);
  });

  test('an image the product shows without an upload record can stay and move', async () => {
    const product = await createTestProduct(t.app, admin);
    const [uploaded] = product.image as [string];
    const older = '/media/images/kept-before-uploads-1/original.png';
    await t.database.db
      .updateTable('products')
      .set({ images: JSON.stringify([older, uploaded]) })
      .where('id', '=', product._id)
      .execute();
    const response = await saveImages(product, [uploaded, older]);
    expect(response.statusCode).toBe(200);
    expect(await publicImages(product)).toEqual([uploaded, older]);
  });
});

describe('two edits of the same product at once', () => {
  test('one removing an image and one keeping it: the product never lists a deleted image', async () => {
    for (let round = 0; round < 8; round += 1) {
      const product = await createTestProduct(t.app, admin, { image: await uploadImages(2) });
      const [kept, removed] = product.image as [string, string];
      const [added] = (await uploadImages(1)) as [string];
      // One window removes an image; another, opened before, keeps it and adds one.
      const [removing, keeping] = await Promise.all([
        saveImages(product, [kept]),
        saveImages(product, [kept, removed, added]),
      ]);
      // Each saved, or was refused: it read the product before the other saved (409), the image
      // it keeps was being deleted as it claimed it (409), or was gone when it looked (400).
      const outcome = (response: typeof removing) =>
        response.statusCode === 200
          ? 'saved'
          : `${response.statusCode} ${response.json<{ message: string }>().message}`;
      const allowed = [
        'saved',
        `409 ${ProductImageMessages.changedMeanwhile}`,
        `409 ${UploadMessages.uploadUnavailable}`,
        `400 ${ProductImageMessages.notUploaded(removed)}`,
      ];
      expect(allowed).toContain(outcome(removing));
      expect(allowed).toContain(outcome(keeping));
      expect([removing.statusCode, keeping.statusCode]).toContain(200);
      for (const url of await publicImages(product)) expect(await mediaStatus(url)).toBe(200);
    }
  });

  test('a form opened before another edit removed an image cannot put it back', async () => {
    const product = await createTestProduct(t.app, admin, { image: await uploadImages(2) });
    const [kept, removed] = product.image as [string, string];
    expect((await saveImages(product, [kept])).statusCode).toBe(200);
    const stale = await saveImages(product, [kept, removed]);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(ProductImageMessages.notUploaded(removed));
    expect(await publicImages(product)).toEqual([kept]);
  });
});
