import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CatalogMessages, ErrorCode, OrderMessages, type MyOrdersResponse } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import type { Config } from '../../config.js';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct, productBody, uploadTestFile } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';
import { samplePdf } from '../../test/upload-samples.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function store(downloadLimit: number, overrides: Partial<Config> = {}) {
  t = await buildTestApp({ downloads: { limit: downloadLimit }, ...overrides });
  const admin = (await signInAsAdmin(t.app)).cookie;
  const buyer = (await signUpAndSignIn(t.app)).cookie;
  return { admin, buyer };
}

const newLink = (orderId: string, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/download-link`,
    headers: { cookie },
  });

/** A fresh link's path, through My Orders' route. */
async function linkFor(orderId: string, cookie: string): Promise<string> {
  const response = await newLink(orderId, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<{ downloadUrl: string }>().downloadUrl;
}

async function download(url: string, range?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: range ? { range } : {},
  });
  // Bytes sent are counted once the response has closed.
  await t.app.downloads.idle();
  return response;
}

async function usage(cookie: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/orders/myorders',
    headers: { cookie },
  });
  return response.json<MyOrdersResponse>().purchases[0]!.downloads;
}

describe('DOWNLOAD_LIMIT', () => {
  test('completed downloads count; at the limit a new link is 403 with the exact message', async () => {
    const { admin, buyer } = await store(2);
    const product = await createTestProduct(t.app, admin);
    const { orderId, downloadUrl } = await buyProduct(t.app, t.database.db, buyer, product._id);
    expect(await usage(buyer)).toEqual({ used: 0, limit: 2 });

    expect((await download(downloadUrl)).statusCode).toBe(200);
    expect(await usage(buyer)).toEqual({ used: 1, limit: 2 });
    expect((await download(await linkFor(orderId, buyer))).statusCode).toBe(200);
    expect(await usage(buyer)).toEqual({ used: 2, limit: 2 });

    const refused = await newLink(orderId, buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Download limit reached for this order.',
      code: ErrorCode.forbidden,
    });
    expect(OrderMessages.downloadLimitReached).toBe('Download limit reached for this order.');
  });

  test('0 means unlimited', async () => {
    const { admin, buyer } = await store(0);
    const product = await createTestProduct(t.app, admin);
    const { orderId } = await buyProduct(t.app, t.database.db, buyer, product._id);
    for (let i = 0; i < 4; i += 1) {
      expect((await download(await linkFor(orderId, buyer))).statusCode).toBe(200);
    }
    expect(await usage(buyer)).toEqual({ used: 4, limit: null });
  });

  test('a download in ranges counts once the bytes sent make up the file; then the same link stops too', async () => {
    const { admin, buyer } = await store(1);
    const product = await createTestProduct(t.app, admin);
    const { downloadUrl } = await buyProduct(t.app, t.database.db, buyer, product._id);
    const size = Number(
      (await t.app.inject({ method: 'HEAD', url: downloadUrl })).headers['content-length'],
    );
    expect(size).toBeGreaterThan(200);

    expect((await download(downloadUrl, 'bytes=0-99')).statusCode).toBe(206);
    expect(await usage(buyer)).toEqual({ used: 0, limit: 1 });
    expect((await download(downloadUrl, `bytes=100-${size - 1}`)).statusCode).toBe(206);
    expect(await usage(buyer)).toEqual({ used: 1, limit: 1 });
    // At the limit, a re-fetch through the same link would be a second copy.
    const again = await download(downloadUrl, `bytes=100-`);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(OrderMessages.downloadLimitReached);
    expect(await usage(buyer)).toEqual({ used: 1, limit: 1 });
  });

  test('a link handed out before the limit was reached elsewhere stops working', async () => {
    const { admin, buyer } = await store(1);
    const product = await createTestProduct(t.app, admin);
    const { orderId } = await buyProduct(t.app, t.database.db, buyer, product._id);
    const first = await linkFor(orderId, buyer);
    const second = await linkFor(orderId, buyer);
    expect((await download(first)).statusCode).toBe(200);

    const refused = await download(second);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OrderMessages.downloadLimitReached);
    // A browser opening it gets the store's page with the same message.
    const page = await t.app.inject({
      method: 'GET',
      url: second,
      headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(OrderMessages.downloadLimitReached);
  });

  test('an aborted transfer does not count', async () => {
    const { admin, buyer } = await store(1);
    const file = await uploadTestFile(t.app, admin, {
      data: samplePdf({ padTo: 32 * 1024 * 1024 }),
    });
    const product = await createTestProduct(t.app, admin, {
      digitalFile: { public_id: file.public_id, secure_url: file.secure_url },
    });
    const { downloadUrl } = await buyProduct(t.app, t.database.db, buyer, product._id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: downloadUrl }, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
    });
    await t.app.downloads.idle();
    expect(await usage(buyer)).toEqual({ used: 0, limit: 1 });
  });
});

describe('a product’s own limit', () => {
  test('overrides the store’s: 1 on an unlimited store, 0 (unlimited) on a limited one', async () => {
    const { admin, buyer } = await store(0);
    const once = await createTestProduct(t.app, admin, { downloadLimit: 1 });
    expect(once.downloadLimit).toBe(1);
    const { orderId } = await buyProduct(t.app, t.database.db, buyer, once._id);
    expect((await download(await linkFor(orderId, buyer))).statusCode).toBe(200);
    expect((await newLink(orderId, buyer)).statusCode).toBe(403);

    await t.close();
    const limited = await store(1);
    const free = await createTestProduct(t.app, limited.admin, { downloadLimit: 0 });
    const bought = await buyProduct(t.app, t.database.db, limited.buyer, free._id);
    for (let i = 0; i < 3; i += 1) {
      expect((await download(await linkFor(bought.orderId, limited.buyer))).statusCode).toBe(200);
    }
    expect(await usage(limited.buyer)).toEqual({ used: 3, limit: null });
  });

  test('is validated, kept on edit when absent, and null returns to the store’s', async () => {
    const { admin } = await store(3);
    for (const bad of [-1, 1.5, 1_000_001, '2']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: admin },
        payload: { ...(await productBody(t.app, admin)), downloadLimit: bad },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CatalogMessages.downloadLimitInvalid);
    }
    const product = await createTestProduct(t.app, admin, { downloadLimit: 5 });
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product._id}`,
        headers: { cookie: admin },
        payload: { title: 'Edited', description: 'Still here.', price: 3, ...payload },
      });
    expect((await edit({})).json().downloadLimit).toBe(5);
    expect((await edit({ downloadLimit: null })).json().downloadLimit).toBeNull();
    // Buyers and visitors never see it.
    const visitor = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(visitor.json()).not.toHaveProperty('downloadLimit');
  });
});

describe('the admin resets an order’s count', () => {
  test('the buyer can download again; buyers 403, visitors 401, unknown orders 404', async () => {
    const { admin, buyer } = await store(1);
    const product = await createTestProduct(t.app, admin);
    const { orderId, downloadUrl } = await buyProduct(t.app, t.database.db, buyer, product._id);
    expect((await download(downloadUrl)).statusCode).toBe(200);
    expect((await newLink(orderId, buyer)).statusCode).toBe(403);

    const reset = (id: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/reset-downloads`,
        headers: cookie ? { cookie } : {},
      });
    expect((await reset(orderId)).statusCode).toBe(401);
    expect((await reset(orderId, buyer)).statusCode).toBe(403);
    expect((await reset('AAAAAAAAAAAAAAAA', admin)).statusCode).toBe(404);
    const done = await reset(orderId, admin);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ _id: orderId, downloads: { used: 0, limit: 1 } });

    expect((await download(await linkFor(orderId, buyer))).statusCode).toBe(200);
    expect(await usage(buyer)).toEqual({ used: 1, limit: 1 });
  });
});
