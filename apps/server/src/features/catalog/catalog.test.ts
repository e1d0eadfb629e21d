import { CatalogMessages, type Product, type ProductList } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import {
  createTestProduct,
  productBody,
  uploadTestFile,
  uploadTestImage,
} from '../../test/factories.js';
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

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
  return { status: response.statusCode, body: response.json<ProductList & { message?: string }>() };
};

/** Inserts products through the catalogue's own query, skipping uploads, for list and search tests. */
async function seedProducts(
  items: Array<{ title: string; subtitle?: string; description?: string }>,
) {
  const repo = createCatalogRepo(t.database.db, t.database.dialect);
  for (const [index, item] of items.entries()) {
    await repo.insertProduct({
      id: `p${String(index).padStart(15, '0')}`,
      title: item.title,
      subtitle: item.subtitle ?? '',
      description: item.description ?? 'A product.',
      priceCents: 1000 + index,
      images: JSON.stringify([`/media/images/img${index}/original.png`]),
      digitalFileId: `secure-digital-products/f${index}`,
      digitalFileFormat: 'pdf',
      digitalFileSize: 1234,
      digitalFileName: 'file.pdf',
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

describe('listing', () => {
  test('pages newest first with page, pages and total', async () => {
    await seedProducts(Array.from({ length: 23 }, (_, i) => ({ title: `Product ${i}` })));
    const first = await list('?page=1&limit=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pages: 3, total: 23 });
    expect(first.body.products).toHaveLength(10);
    expect(first.body.products[0]!.title).toBe('Product 22');
    const last = await list('?page=3&limit=10');
    expect(last.body.products.map((p) => p.title)).toEqual(['Product 2', 'Product 1', 'Product 0']);
    const beyond = await list('?page=4&limit=10');
    expect(beyond.body.products).toEqual([]);
  });

  test('defaults to page 1 and 10 per page', async () => {
    await seedProducts(Array.from({ length: 12 }, (_, i) => ({ title: `Product ${i}` })));
    const { body } = await list();
    expect(body).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(body.products).toHaveLength(10);
  });

  test('an empty catalogue has no pages', async () => {
    expect((await list()).body).toEqual({ products: [], page: 1, pages: 0, total: 0 });
  });

  test.each([
    '?page=0',
    '?page=-1',
    '?page=abc',
    '?page=1.5',
    '?limit=0',
    '?limit=51',
    '?limit=x',
    '?page=1&page=2',
  ])('%s is refused with 400', async (query) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toBeTruthy();
  });

  test('public responses never reveal where the digital file is stored', async () => {
    await createTestProduct(t.app, admin);
    const { body } = await list();
    expect(body.products[0]!.digitalFile).toEqual({ format: 'pdf', size: expect.any(Number) });
    expect(JSON.stringify(body)).not.toMatch(
      /public_id|secure_url|private:|secure-digital-products/,
    );
  });
});

describe('search', () => {
  beforeEach(async () => {
    await seedProducts([
      {
        title: 'The Bookbinding Handbook',
        subtitle: 'Sewn bindings',
        description: 'Paper grain and glue.',
      },
      {
        title: 'Sourdough Field Guide',
        subtitle: 'Bread at home',
        description: 'A starter in seven days.',
      },
      {
        title: 'Typography for Screens',
        subtitle: 'Readable type',
        description: 'A handbook of line length.',
      },
      { title: 'Night Trains', subtitle: 'Stories', description: 'Sleeper cars and borders.' },
    ]);
  });

  const titles = async (search: string) => {
    const { status, body } = await list(`?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    return body.products.map((p) => p.title);
  };

  test('matches word prefixes in any letter case ("handb" finds "Handbook")', async () => {
    expect(await titles('HANDB')).toContain('The Bookbinding Handbook');
  });

  test('ranks a title match above a description match', async () => {
    expect(await titles('handbook')).toEqual([
      'The Bookbinding Handbook',
      'Typography for Screens',
    ]);
  });

  test('searches subtitle and description too, and needs every word', async () => {
    expect(await titles('bread')).toEqual(['Sourdough Field Guide']);
    expect(await titles('sleeper borders')).toEqual(['Night Trains']);
    expect(await titles('sleeper bread')).toEqual([]);
  });

  test('total and pages follow the matches', async () => {
    const { body } = await list('?search=handbook&limit=1');
    expect(body).toMatchObject({ total: 2, pages: 2, page: 1 });
    expect(body.products).toHaveLength(1);
  });

  test.each([
    '"',
    "'",
    '"unterminated',
    'a" OR "b',
    'handbook OR 1=1; DROP TABLE products; --',
    'NEAR(handbook guide)',
    '* ^ : ( ) { } [ ] & | ! -',
    '📚🔥',
    'handbook 📚',
    '\u0000\u0001',
    'x'.repeat(2048),
    'word '.repeat(500),
  ])('any input is safe (case %#): results or an empty list, never an error', async (search) => {
    const { status, body } = await list(`?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    expect(Array.isArray(body.products)).toBe(true);
  });

  test('a blank search lists everything', async () => {
    expect(await titles('   ')).toHaveLength(4);
  });

  test('search follows edits and deletes', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Marbled Endpapers' });
    expect(await titles('marbled')).toEqual(['Marbled Endpapers']);
    const body = await productBody(t.app, admin, { title: 'Paste Papers' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: { ...body, image: undefined, digitalFile: undefined },
    });
    expect(put.statusCode).toBe(200);
    expect(await titles('marbled')).toEqual([]);
    expect(await titles('paste')).toEqual(['Paste Papers']);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(await titles('paste')).toEqual([]);
  });
});

describe('search folds spelling: punctuation, accents and case', () => {
  beforeEach(async () => {
    await seedProducts([
      { title: 'The E-Book Handbook', description: 'Hyphenated.' },
      { title: 'Ebook Formatting', description: 'Written solid.' },
      { title: 'E\u2011Book Covers', description: 'A non-breaking hyphen.' },
      { title: 'Café Stories', description: 'Accented.' },
      { title: 'CAFE RECIPES', description: 'Upper case, no accent.' },
      { title: 'Decaf Notes', description: 'Not a café at all.' },
      { title: 'Bread Baking', subtitle: 'Crème fraîche', description: 'Subtitle match.' },
      { title: 'Crème Brûlée', description: 'Title match.' },
      { title: 'Dessert Basics', description: 'Creme anglaise, description match.' },
    ]);
  });

  const titles = async (search: string) => {
    const { status, body } = await list(`?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    return body.products.map((p) => p.title).sort();
  };
  const EBOOKS = ['Ebook Formatting', 'E\u2011Book Covers', 'The E-Book Handbook'];

  test.each([
    ['ebook'],
    ['e-book'],
    ['E-Book'],
    ['E\u2011Book'],
    ['e\u2013book'],
    ['e book'],
    ['EBOOK'],
  ])('"%s" finds "e-book", "E\u2011Book" and "ebook"', async (search) => {
    expect(await titles(search)).toEqual(EBOOKS);
  });

  test('prefixes still match across the spellings', async () => {
    expect(await titles('e-bo')).toEqual(EBOOKS);
    expect(await titles('eboo')).toEqual(EBOOKS);
  });

  test.each([['cafe'], ['café'], ['CAFÉ'], ['Cafe\u0301']])(
    '"%s" finds "Café" and "CAFE", and a "café" in a description',
    async (search) => {
      expect(await titles(search)).toEqual(['CAFE RECIPES', 'Café Stories', 'Decaf Notes']);
    },
  );

  test('a folded match still ranks title above subtitle above description', async () => {
    const { body } = await list(`?search=${encodeURIComponent('creme')}`);
    expect(body.products.map((p) => p.title)).toEqual([
      'Crème Brûlée',
      'Bread Baking',
      'Dessert Basics',
    ]);
    const accented = await list(`?search=${encodeURIComponent('CRÈME')}`);
    expect(accented.body.products.map((p) => p.title)).toEqual([
      'Crème Brûlée',
      'Bread Baking',
      'Dessert Basics',
    ]);
  });

  test('words are still all required; spellings do not loosen that', async () => {
    expect(await titles('e-book covers')).toEqual(['E\u2011Book Covers']);
    expect(await titles('ebook handbook')).toEqual(['The E-Book Handbook']);
    expect(await titles('e book formatting')).toEqual(['Ebook Formatting']);
    expect(await titles('ebook recipes')).toEqual([]);
  });

  test('an edit re-folds the product', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Plain Title' });
    expect(await titles('naive')).toEqual([]);
    const body = await productBody(t.app, admin, { title: 'Naïve E-Mail Tricks' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: { ...body, image: undefined, digitalFile: undefined },
    });
    expect(put.statusCode).toBe(200);
    expect(await titles('naive email')).toEqual(['Naïve E-Mail Tricks']);
    expect(await titles('plain')).toEqual([]);
  });
});

describe('one product', () => {
  test('answers the product, with the file reference only for admins', async () => {
    const created = await createTestProduct(t.app, admin);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/products/${created._id}` });
    expect(visitor.statusCode).toBe(200);
    const product = visitor.json<Product>();
    expect(product).toMatchObject({
      _id: created._id,
      title: 'The Bookbinding Handbook',
      subtitle: 'Sewn bindings at home',
      price: 19.99,
      digitalFile: { format: 'pdf' },
    });
    expect(product.image[0]).toMatch(/^\/media\/images\/[A-Za-z0-9_-]+\/original\.png$/);
    expect(product.digitalFile).not.toHaveProperty('public_id');
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/products/${created._id}`,
      headers: { cookie: admin },
    });
    expect(asAdmin.json().digitalFile).toMatchObject({
      public_id: expect.stringMatching(/^secure-digital-products\//),
      secure_url: expect.stringMatching(/^private:\/\//),
      fileName: 'guide.pdf',
    });
  });

  test.each(['doesnotexist0000', 'short', '../../etc/passwd', "1' OR '1'='1", 'x'.repeat(500)])(
    'an unknown or malformed id (case %#) answers 404',
    async (id) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/products/${encodeURIComponent(id)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: CatalogMessages.productNotFound,
        code: 'NOT_FOUND',
      });
    },
  );
});

describe('permissions', () => {
  const adminCalls = [
    { method: 'POST', url: '/api/products' },
    { method: 'PUT', url: '/api/products/aaaaaaaaaaaaaaaa' },
    { method: 'DELETE', url: '/api/products/aaaaaaaaaaaaaaaa' },
  ] as const;

  test.each(adminCalls)(
    '$method $url answers 401 signed out and 403 for a buyer',
    async ({ method, url }) => {
      const anonymous = await t.app.inject({ method, url, payload: { title: 'x' } });
      expect(anonymous.statusCode).toBe(401);
      const { cookie } = await signUpAndSignIn(t.app);
      const buyer = await t.app.inject({
        method,
        url,
        headers: { cookie },
        payload: { title: 'x' },
      });
      expect(buyer.statusCode).toBe(403);
      expect(await t.database.db.selectFrom('products').selectAll().execute()).toHaveLength(0);
    },
  );
});

describe('create', () => {
  test('stores the price in integer cents and returns the admin view', async () => {
    const body = await productBody(t.app, admin, { price: 12.5 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const product = response.json<Product>();
    expect(product.price).toBe(12.5);
    const row = await t.database.db.selectFrom('products').selectAll().executeTakeFirstOrThrow();
    expect(row.priceCents).toBe(1250);
  });

  test.each([
    [{ title: '' }, 'title', CatalogMessages.titleRequired],
    [{ title: '   ' }, 'title', CatalogMessages.titleRequired],
    [{ title: undefined }, 'title', CatalogMessages.titleRequired],
    [{ title: 't'.repeat(201) }, 'title', CatalogMessages.titleTooLong],
    [{ subtitle: 's'.repeat(201) }, 'subtitle', CatalogMessages.subtitleTooLong],
    [{ description: '' }, 'description', CatalogMessages.descriptionRequired],
    [{ description: 'd'.repeat(10_001) }, 'description', CatalogMessages.descriptionTooLong],
    [{ price: undefined }, 'price', CatalogMessages.priceRequired],
    [{ price: '12' }, 'price', CatalogMessages.priceRequired],
    [{ price: 0 }, 'price', CatalogMessages.pricePositive],
    [{ price: -5 }, 'price', CatalogMessages.pricePositive],
    [{ price: 100_000.01 }, 'price', CatalogMessages.priceTooHigh],
    [{ price: Number.POSITIVE_INFINITY }, 'price', CatalogMessages.priceRequired],
    [{ price: 12.345 }, 'price', CatalogMessages.priceDecimals],
    [{ image: [] }, 'image', CatalogMessages.imagesRequired],
    [{ image: undefined }, 'image', CatalogMessages.imagesRequired],
    [
      { image: Array.from({ length: 11 }, (_, i) => `/media/images/x${i}/original.png`) },
      'image',
      CatalogMessages.tooManyImages,
    ],
    [{ digitalFile: undefined }, 'digitalFile', CatalogMessages.digitalFileRequired],
    [{ digitalFile: null }, 'digitalFile', CatalogMessages.digitalFileRequired],
  ])('case %#: refused with 400 and the form message', async (override, field, message) => {
    const body = { ...(await productBody(t.app, admin)), ...override };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin, 'content-type': 'application/json' },
      // JSON.stringify turns Infinity into null, as a client would send it
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toContain(message);
    expect(await t.database.db.selectFrom('products').selectAll().execute()).toHaveLength(0);
  });

  test('accepts the largest price and one cent', async () => {
    for (const price of [100_000, 0.01]) {
      const product = await createTestProduct(t.app, admin, { price });
      expect(product.price).toBe(price);
    }
  });

  test('refuses images that were not uploaded here, and unknown digital files', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: await productBody(t.app, admin, { image: ['https://elsewhere.example/cover.png'] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.image).toBeDefined();
    const missingFile = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: await productBody(t.app, admin, {
        digitalFile: { public_id: 'secure-digital-products/nope' },
      }),
    });
    expect(missingFile.statusCode).toBe(400);
    expect(missingFile.json().errors.digitalFile).toBeDefined();
  });

  test('an image or file already used by another product cannot be claimed again', async () => {
    const first = await createTestProduct(t.app, admin);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/products/${first._id}`,
      headers: { cookie: admin },
    });
    const reuseImage = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: await productBody(t.app, admin, { image: first.image }),
    });
    expect(reuseImage.statusCode).toBe(400);
    const reuseFile = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: await productBody(t.app, admin, {
        digitalFile: { public_id: asAdmin.json().digitalFile.public_id },
      }),
    });
    expect(reuseFile.statusCode).toBe(400);
  });

  test('fields that are not part of a product are ignored', async () => {
    const body = {
      ...(await productBody(t.app, admin)),
      _id: 'chosen-id-000000',
      priceCents: 1,
      createdAt: 'x',
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()._id).not.toBe('chosen-id-000000');
    expect(response.json().price).toBe(19.99);
  });
});

describe('update', () => {
  test('changes the fields and keeps images and file when they are absent', async () => {
    const product = await createTestProduct(t.app, admin);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: { title: 'Second Edition', subtitle: '', description: 'Revised.', price: 25 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Second Edition',
      price: 25,
      image: product.image,
    });
    const fetched = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(fetched.json()).toMatchObject({ title: 'Second Edition', subtitle: '', price: 25 });
  });

  test('new images and a new file replace the old ones, which are removed from storage', async () => {
    const product = await createTestProduct(t.app, admin);
    const oldImage = product.image[0]!;
    const newImage = await uploadTestImage(t.app, admin);
    const newFile = await uploadTestFile(t.app, admin, { fileName: 'second.pdf' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: {
        title: product.title,
        description: product.description,
        price: product.price,
        image: [newImage],
        digitalFile: { public_id: newFile.public_id, secure_url: newFile.secure_url },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().image).toEqual([newImage]);
    expect(response.json().digitalFile.fileName).toBe('second.pdf');
    expect((await t.app.inject({ method: 'GET', url: oldImage })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: newImage })).statusCode).toBe(200);
  });

  test('validates like create and answers 404 for an unknown product', async () => {
    const product = await createTestProduct(t.app, admin);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: { title: '', description: 'x', price: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({
      title: [CatalogMessages.titleRequired],
      price: [CatalogMessages.pricePositive],
    });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/products/aaaaaaaaaaaaaaaa',
      headers: { cookie: admin },
      payload: { title: 'x', description: 'x', price: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('delete', () => {
  test('removes the product, its images and its digital file', async () => {
    const product = await createTestProduct(t.app, admin);
    const asAdmin = (
      await t.app.inject({
        method: 'GET',
        url: `/api/products/${product._id}`,
        headers: { cookie: admin },
      })
    ).json();
    const file = await t.app.uploads.findFile(asAdmin.digitalFile.public_id);
    expect(file).toBeDefined();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: product.image[0]! })).statusCode).toBe(404);
    expect(await t.app.uploads.findFile(asAdmin.digitalFile.public_id)).toBeUndefined();
    expect(await t.app.uploads.openFile(asAdmin.digitalFile.public_id)).toBeUndefined();
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('uploads claimed by one product only', () => {
  /** Live products whose images or digital file are gone, or held by another product. */
  async function brokenProducts(): Promise<string[]> {
    const live = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('archivedAt', 'is', null)
      .execute();
    const broken: string[] = [];
    for (const product of live) {
      const images = JSON.parse(product.images) as string[];
      const owners = await Promise.all([
        ...images.map(async (url) => (await t.app.uploads.findImageByUrl(url))?.productId),
        t.app.uploads.findFile(product.digitalFileId).then((file) => file?.productId),
      ]);
      const served = await Promise.all(
        images.map(async (url) => (await t.app.inject({ method: 'GET', url })).statusCode),
      );
      const file = await t.app.uploads.openFile(product.digitalFileId);
      file?.stream.destroy();
      const isWhole =
        file !== undefined &&
        served.every((status) => status === 200) &&
        owners.every((owner) => owner === product.id);
      if (!isWhole) broken.push(product.id);
    }
    return broken;
  }

  test('a product made from the uploads of one being deleted never loses its files', async () => {
    const tries = 20;
    let brokenTries = 0;
    const seenBroken = new Set<string>();
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const first = await createTestProduct(t.app, admin);
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/products/${first._id}`,
        headers: { cookie: admin },
      });
      const reused = {
        title: 'Made from the same uploads',
        description: 'Reuses the files of a product being deleted.',
        price: 5,
        image: first.image,
        digitalFile: { public_id: asAdmin.json().digitalFile.public_id as string },
      };
      let isDeleted = false;
      const deletion = t.app
        .inject({ method: 'DELETE', url: `/api/products/${first._id}`, headers: { cookie: admin } })
        .finally(() => {
          isDeleted = true;
        });
      // Several admins keep trying while the deletion runs, so some attempt lands in every gap.
      const statuses = await Promise.all(
        Array.from({ length: 3 }, async () => {
          const seen: number[] = [];
          do {
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/products',
              headers: { cookie: admin },
              payload: reused,
            });
            seen.push(response.statusCode);
          } while (!isDeleted);
          return seen;
        }),
      );
      expect((await deletion).statusCode).toBe(204);
      for (const status of statuses.flat()) expect([201, 400, 409]).toContain(status);
      const broken = await brokenProducts();
      if (broken.some((id) => !seenBroken.has(id))) brokenTries += 1;
      for (const id of broken) seenBroken.add(id);
    }
    expect(brokenTries, `${brokenTries} of ${tries} tries left a product without its files`).toBe(
      0,
    );
  });
});
