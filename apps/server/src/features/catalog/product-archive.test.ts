import {
  ArchiveMessages,
  CatalogMessages,
  type AdminProductPage,
  type ProductList,
} from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
});

const adminList = async (query: string, cookie = admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/products${query}`,
    headers: { cookie },
  });
  return { status: response.statusCode, body: response.json<AdminProductPage>() };
};
const restore = (id: string, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/restore`, headers: { cookie } });
const remove = (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: { cookie: admin } });
const catalogue = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/products' })).json<ProductList>();

/** Two products: one bought (deleting it archives it), one never sold. */
async function productWithSale() {
  const sold = await createTestProduct(t.app, admin, { title: 'Sold Handbook' });
  const unsold = await createTestProduct(t.app, admin, { title: 'Unsold Atlas' });
  const buyer = await signUpAndSignIn(t.app, { email: 'buyer@example.com' });
  await buyProduct(t.app, t.database.db, buyer.cookie, sold._id);
  return { sold, unsold, buyer };
}

describe('archived products in the admin list', () => {
  test('a deleted product with sales is listed under status=archived, not active', async () => {
    const { sold, unsold } = await productWithSale();
    expect((await remove(sold._id)).statusCode).toBe(204);

    const archived = await adminList('?status=archived');
    expect(archived.status).toBe(200);
    expect(archived.body.total).toBe(1);
    expect(archived.body.pages).toBe(1);
    expect(archived.body.products.map((p) => p.title)).toEqual(['Sold Handbook']);
    expect(archived.body.products[0]!.archivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const active = await adminList('?status=active');
    expect(active.body.products.map((p) => [p._id, p.archivedAt])).toEqual([[unsold._id, null]]);
    expect(active.body.total).toBe(1);
    // Without a status the list is the active one.
    expect((await adminList('')).body.products.map((p) => p._id)).toEqual([unsold._id]);
  });

  test('archived products page and sort like the catalogue', async () => {
    const buyer = await signUpAndSignIn(t.app, { email: 'buyer@example.com' });
    for (const title of ['Bravo', 'alpha', 'Charlie']) {
      const product = await createTestProduct(t.app, admin, { title });
      await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
      expect((await remove(product._id)).statusCode).toBe(204);
    }
    const first = await adminList('?status=archived&limit=2&sort=title&order=asc');
    expect(first.body.products.map((p) => p.title)).toEqual(['alpha', 'Bravo']);
    expect(first.body).toMatchObject({ total: 3, pages: 2, page: 1 });
    const second = await adminList('?status=archived&limit=2&page=2&sort=title&order=asc');
    expect(second.body.products.map((p) => p.title)).toEqual(['Charlie']);
    const newest = await adminList('?status=archived');
    expect(newest.body.products.map((p) => p.title)).toEqual(['Charlie', 'alpha', 'Bravo']);
  });

  test('an unknown status answers 400 with the allowed values', async () => {
    const response = await adminList('?status=deleted');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((response.body as unknown as { message: string }).message).toContain(
      'status must be one of active, archived',
    );
  });

  test('only admins: 401 signed out, 403 for a buyer', async () => {
    const buyer = await signUpAndSignIn(t.app, { email: 'buyer@example.com' });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/products' });
    expect(signedOut.statusCode).toBe(401);
    expect((await adminList('?status=archived', buyer.cookie)).status).toBe(403);
  });
});

describe('restoring an archived product', () => {
  test('puts it back in the catalogue, its page and the admin active list at once', async () => {
    const { sold } = await productWithSale();
    // The catalogue answer is kept before the delete and the restore: both must drop it.
    expect((await catalogue()).total).toBe(2);
    expect((await remove(sold._id)).statusCode).toBe(204);
    expect((await catalogue()).total).toBe(1);

    const restored = await restore(sold._id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      _id: sold._id,
      title: 'Sold Handbook',
      archivedAt: null,
    });

    expect((await catalogue()).products.map((p) => p.title)).toEqual([
      'Unsold Atlas',
      'Sold Handbook',
    ]);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${sold._id}` });
    expect(page.statusCode).toBe(200);
    expect((await adminList('?status=archived')).body.total).toBe(0);
    const search = await t.app.inject({ method: 'GET', url: '/api/products?search=sold' });
    expect(search.json<ProductList>().products.map((p) => p._id)).toEqual([sold._id]);
  });

  test('404 for an unknown or ill-formed id, 409 for a product on sale', async () => {
    const { unsold } = await productWithSale();
    for (const id of ['AAAAAAAAAAAAAAAA', 'not-an-id']) {
      const missing = await restore(id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        message: CatalogMessages.productNotFound,
        code: 'NOT_FOUND',
      });
    }
    const live = await restore(unsold._id);
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ message: ArchiveMessages.notArchived, code: 'CONFLICT' });
  });

  test('a product deleted without sales is gone: restoring it answers 404', async () => {
    const { unsold } = await productWithSale();
    expect((await remove(unsold._id)).statusCode).toBe(204);
    expect((await restore(unsold._id)).statusCode).toBe(404);
  });

  test('only admins: 401 signed out, 403 for a buyer', async () => {
    const { sold, buyer } = await productWithSale();
    expect((await remove(sold._id)).statusCode).toBe(204);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${sold._id}/restore`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await restore(sold._id, buyer.cookie)).statusCode).toBe(403);
    expect((await adminList('?status=archived')).body.total).toBe(1);
  });
});
