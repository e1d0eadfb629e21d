import { randomBytes } from 'node:crypto';
import {
  CheckoutMessages,
  ErrorCode,
  OrderMessages,
  ProductFileMessages,
  type MyOrdersResponse,
  type Product,
} from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { productBody, uploadTestFile } from '../../test/factories.js';
import { buyProduct, startCheckout } from '../../test/purchase.js';
import { sampleEpub, samplePdf } from '../../test/upload-samples.js';
import { createDownloadTokens } from './download-tokens.js';

/**
 * An order's files (issue 28): listed for its buyer, a link per file under the rules of
 * generate-download-link, and each file's downloads counted on its own (decision 017, per file).
 */
let t: TestApp;
let admin: string;
let buyer: string;
const pdf = samplePdf({ text: 'The handbook', padTo: 300_000 });
const epub = sampleEpub();
beforeAll(async () => {
  t = await buildTestApp({ downloads: { limit: 2 } });
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
});
afterAll(async () => {
  await t.close();
});

/** A product with a PDF and an EPUB, bought by `buyer`. */
async function boughtTwoFiles(title = 'Night Garden') {
  const first = await uploadTestFile(t.app, admin, { data: pdf, fileName: 'garden.pdf' });
  const second = await uploadTestFile(t.app, admin, { data: epub, fileName: 'garden.epub' });
  const body = await productBody(t.app, admin, { title });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { cookie: admin },
    payload: {
      ...body,
      digitalFile: undefined,
      files: [
        { public_id: first.public_id, name: 'Print PDF' },
        { public_id: second.public_id, name: 'EPUB edition' },
      ],
    },
  });
  const product = created.json<Product>();
  const bought = await buyProduct(t.app, t.database.db, buyer, product._id);
  const [pdfFile, epubFile] = product.files as unknown as [{ id: string }, { id: string }];
  return { product, ...bought, pdfId: pdfFile.id, epubId: epubFile.id };
}

const listFiles = (orderId: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/files`, headers: { cookie } });

const fileLink = (orderId: string, fileId: string, cookie = buyer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/files/${fileId}/download-link`,
    headers: { cookie },
  });

async function download(orderId: string, fileId: string) {
  const link = await fileLink(orderId, fileId);
  if (link.statusCode !== 200) return link;
  const response = await t.app.inject({ method: 'GET', url: link.json().downloadUrl });
  await t.app.downloads.idle();
  return response;
}

async function downloadsOf(orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/orders/myorders',
    headers: { cookie: buyer },
  });
  const purchases = response.json<MyOrdersResponse>().purchases;
  return purchases.find((purchase) => purchase._id === orderId)!.downloads;
}

const limitReached = { message: OrderMessages.downloadLimitReached, code: ErrorCode.forbidden };

describe('an order’s files', () => {
  test('its buyer and admins see the product’s files; another buyer gets 404', async () => {
    const { orderId, pdfId, epubId } = await boughtTwoFiles();
    const expected = {
      files: [
        { id: pdfId, name: 'Print PDF', format: 'pdf', size: pdf.length },
        { id: epubId, name: 'EPUB edition', format: 'epub', size: epub.length },
      ],
    };
    const own = await listFiles(orderId, buyer);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(expected);
    expect((await listFiles(orderId, admin)).json()).toEqual(expected);

    const stranger = (await signUpAndSignIn(t.app)).cookie;
    for (const response of [
      await listFiles(orderId, stranger),
      await fileLink(orderId, epubId, stranger),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: OrderMessages.orderNotFound,
        code: ErrorCode.notFound,
      });
    }
  });

  test('an unpaid order answers 409, as generate-download-link does', async () => {
    const { product, epubId } = await boughtTwoFiles();
    const other = (await signUpAndSignIn(t.app)).cookie;
    const { orderId } = await startCheckout(t.app, t.database.db, other, product._id);
    for (const response of [
      await listFiles(orderId, other),
      await fileLink(orderId, epubId, other),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: CheckoutMessages.paymentPending,
        code: ErrorCode.conflict,
      });
    }
  });

  test('the second file downloads under the product’s title and its own name', async () => {
    const { orderId, epubId, pdfId } = await boughtTwoFiles();
    const response = await download(orderId, epubId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(epub)).toBe(true);
    expect(response.headers['content-type']).toBe('application/epub+zip');
    expect(response.headers['content-disposition']).toContain(
      'filename="Night Garden - EPUB edition.epub"',
    );
    const first = await download(orderId, pdfId);
    expect(first.headers['content-disposition']).toContain('filename="Night Garden.pdf"');

    const unknown = await fileLink(orderId, 'AAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: ProductFileMessages.fileNotFound,
      code: ErrorCode.notFound,
    });
  });

  test('a link made before several files (no file in it) serves the first file', async () => {
    const { orderId } = await boughtTwoFiles();
    const tokens = createDownloadTokens(t.config.sessionSecret);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const old = tokens.sign({ orderId, exp, linkId: randomBytes(12).toString('base64url') });
    const response = await t.app.inject({ method: 'GET', url: `/api/downloads/${old}` });
    await t.app.downloads.idle();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  test('an archived product’s buyers keep all its files', async () => {
    const { product, orderId, epubId } = await boughtTwoFiles();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(204);
    expect((await listFiles(orderId, buyer)).json().files).toHaveLength(2);
    const response = await download(orderId, epubId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(epub)).toBe(true);
  });
});

describe('download limits count per file', () => {
  test('the PDF used up leaves the EPUB; the order shows the highest count; a reset clears all', async () => {
    const { orderId, pdfId, epubId } = await boughtTwoFiles();
    expect((await download(orderId, pdfId)).statusCode).toBe(200);
    expect((await download(orderId, pdfId)).statusCode).toBe(200);
    const third = await download(orderId, pdfId);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual(limitReached);
    expect(await downloadsOf(orderId)).toEqual({ used: 2, limit: 2 });

    expect((await download(orderId, epubId)).statusCode).toBe(200);
    expect(await downloadsOf(orderId)).toEqual({ used: 2, limit: 2 });
    expect((await download(orderId, epubId)).statusCode).toBe(200);
    expect((await download(orderId, epubId)).statusCode).toBe(403);

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/reset-downloads`,
      headers: { cookie: admin },
    });
    expect(reset.statusCode).toBe(200);
    expect(await downloadsOf(orderId)).toEqual({ used: 0, limit: 2 });
    expect((await download(orderId, pdfId)).statusCode).toBe(200);
    expect((await download(orderId, epubId)).statusCode).toBe(200);
  });

  test('limit 2, six links per file fetched at once: two whole copies of each file', async () => {
    const { orderId, pdfId, epubId } = await boughtTwoFiles();
    const links: { fileId: string; url: string }[] = [];
    for (const fileId of [pdfId, epubId]) {
      for (let i = 0; i < 6; i += 1) {
        links.push({ fileId, url: (await fileLink(orderId, fileId)).json().downloadUrl });
      }
    }
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const responses = await Promise.all(
      links.map(async ({ fileId, url }) => {
        const response = await fetch(base + url);
        return { fileId, status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    await t.app.downloads.idle();
    const whole = (fileId: string, data: Buffer) =>
      responses.filter((r) => r.fileId === fileId && r.status === 200 && r.body.equals(data));
    expect(whole(pdfId, pdf)).toHaveLength(2);
    expect(whole(epubId, epub)).toHaveLength(2);
    expect(responses.filter((r) => r.status === 403)).toHaveLength(8);
    expect(await downloadsOf(orderId)).toEqual({ used: 2, limit: 2 });
  });
});
