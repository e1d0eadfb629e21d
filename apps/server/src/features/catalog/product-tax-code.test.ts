import { DEFAULT_TAX_CODE, ErrorCode, TaxMessages, type Product } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct, productBody } from '../../test/factories.js';
import { startFakeStripe, stripeTestPayments, type FakeStripe } from '../../test/fake-stripe.js';

let t: TestApp;
let fake: FakeStripe | undefined;
afterEach(async () => {
  await t?.close();
  await fake?.close();
  fake = undefined;
});

async function store() {
  t = await buildTestApp();
  return (await signInAsAdmin(t.app)).cookie;
}

const edit = (admin: string, id: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: { cookie: admin },
    payload: { title: 'Edited', description: 'Still here.', price: 3, ...payload },
  });

describe('a product’s tax code', () => {
  test('is null (the store’s default) unless the admin names one, and is kept as given', async () => {
    const admin = await store();
    expect((await createTestProduct(t.app, admin)).taxCode).toBeNull();
    const empty = await createTestProduct(t.app, admin, { taxCode: '' });
    expect(empty.taxCode).toBeNull();
    const audio = await createTestProduct(t.app, admin, { taxCode: ' txcd_10401100 ' });
    expect(audio.taxCode).toBe('txcd_10401100');

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/products/${audio._id}`,
      headers: { cookie: admin },
    });
    expect(read.json<Product>().taxCode).toBe('txcd_10401100');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { cookie: admin },
    });
    const rows = listed.json<{ products: Product[] }>().products;
    expect(rows.find((row) => row._id === audio._id)?.taxCode).toBe('txcd_10401100');
  });

  test('an edit sets it, keeps it when absent, and null or empty returns to the default', async () => {
    const admin = await store();
    const product = await createTestProduct(t.app, admin);
    const set = await edit(admin, product._id, { taxCode: 'txcd_10000000' });
    expect(set.statusCode).toBe(200);
    expect(set.json<Product>().taxCode).toBe('txcd_10000000');
    expect((await edit(admin, product._id, {})).json<Product>().taxCode).toBe('txcd_10000000');
    expect((await edit(admin, product._id, { taxCode: null })).json<Product>().taxCode).toBeNull();
    await edit(admin, product._id, { taxCode: 'txcd_10000000' });
    expect((await edit(admin, product._id, { taxCode: '' })).json<Product>().taxCode).toBeNull();
    const row = await t.database.db
      .selectFrom('products')
      .select('taxCode')
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(row.taxCode).toBeNull();
  });

  test('anything but a Stripe tax code is refused with 400 on create and on edit', async () => {
    const admin = await store();
    const product = await createTestProduct(t.app, admin, { taxCode: 'txcd_10302000' });
    for (const bad of ['txcd_1030200', 'TXCD_10302000', 'ebook', 'txcd_10302000x', 10302000]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: admin },
        payload: { ...(await productBody(t.app, admin)), taxCode: bad },
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({
        message: TaxMessages.taxCodeInvalid,
        code: ErrorCode.validation,
        errors: { taxCode: [TaxMessages.taxCodeInvalid] },
      });
      const edited = await edit(admin, product._id, { taxCode: bad });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe(TaxMessages.taxCodeInvalid);
    }
    // Nothing was written by the refused edits.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(read.json<Product>().taxCode).toBe('txcd_10302000');
  });

  test('buyers and visitors never see it: the public answers keep their shape', async () => {
    const admin = await store();
    const product = await createTestProduct(t.app, admin, { taxCode: 'txcd_10401100' });
    const buyer = (await signUpAndSignIn(t.app)).cookie;
    for (const headers of [{}, { cookie: buyer }]) {
      const one = await t.app.inject({
        method: 'GET',
        url: `/api/products/${product._id}`,
        headers,
      });
      expect(one.json()).not.toHaveProperty('taxCode');
      const list = await t.app.inject({ method: 'GET', url: '/api/products', headers });
      expect(list.json<{ products: object[] }>().products[0]).not.toHaveProperty('taxCode');
    }
  });

  test('a Stripe Tax checkout sends the product’s code, or the default for a product without one', async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({
      payments: { ...stripeTestPayments(fake), tax: { behavior: 'exclusive', testRate: null } },
    });
    const admin = (await signInAsAdmin(t.app)).cookie;
    const buyer = (await signUpAndSignIn(t.app)).cookie;
    const audio = await createTestProduct(t.app, admin, { taxCode: 'txcd_10401100' });
    const plain = await createTestProduct(t.app, admin, { title: 'Plain' });
    const sentCodes: unknown[] = [];
    for (const productId of [audio._id, plain._id]) {
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/session/checkout',
        headers: { cookie: buyer },
        payload: { productId },
      });
      expect(started.statusCode).toBe(200);
      const params = fake.sessionCreations().at(-1)!.params as {
        line_items: Array<{ price_data: { product_data: { tax_code?: string } } }>;
      };
      sentCodes.push(params.line_items[0]!.price_data.product_data.tax_code);
    }
    expect(sentCodes).toEqual(['txcd_10401100', DEFAULT_TAX_CODE]);
  });
});
