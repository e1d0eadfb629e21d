import { StampMessages, type MyOrdersResponse, type Product } from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { pdfLines } from '../../test/pdf-text.js';
import { brokenPdf, encryptedPdf, multiPagePdf } from '../../test/sample-pdfs.js';
import { uploadTestFile } from '../../test/factories.js';
import { sampleEpub, sampleZip } from '../../test/upload-samples.js';
import {
  buyAs,
  sha256,
  stampingProduct,
  stampRows,
  storedOriginal,
} from '../../test/stamping-store.js';

/**
 * Stamping through the real download route on the local disk: the buyer's copy of a PDF carries
 * their email and order number on every page, the original stays as it was. The claims that
 * differ between the engines have a file of their own (stamping-claims.test.ts).
 */
describe.skipIf(testDb === 'postgres')('PDF stamping', () => {
  let t: TestApp;
  let admin: string;
  let lines: string[];

  beforeAll(async () => {
    lines = [];
    t = await buildTestApp(
      { logLevel: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    admin = (await signInAsAdmin(t.app)).cookie;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const adminProduct = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: { cookie: admin } })
    ).json<Product>();

  test('every page of the buyer’s copy carries their email and order number, the original untouched', async () => {
    const source = await multiPagePdf({ pages: 4, rotated: [2] });
    const product = await stampingProduct(t.app, admin, { data: source, fileName: 'guide.pdf' });
    expect(product.stampPdf).toBe(true);
    expect(product.stampNote).toBe(null);
    const buyer = await signUpAndSignIn(t.app);
    const { downloadUrl, orderNumber } = await buyAs(
      t.app,
      t.database.db,
      buyer.cookie,
      product._id,
    );

    const response = await get(downloadUrl);
    expect(response.statusCode).toBe(200);
    const stamped = response.rawPayload;
    const line = `Licensed to ${buyer.email} · Order #${orderNumber}`;
    const text = pdfLines(stamped);
    for (const page of [1, 2, 3, 4]) expect(text).toContain(`Page ${page}`);
    expect(text.filter((row) => row === line)).toHaveLength(4);
    expect(response.headers.etag).toBe(`"${sha256(stamped)}"`);
    expect(response.headers['content-length']).toBe(String(stamped.length));
    expect(sha256(await storedOriginal(t.app, product.publicId))).toBe(sha256(source));
  });

  test('a second download, a range and a HEAD are served from the copy made the first time', async () => {
    const product = await stampingProduct(t.app, admin, {
      data: await multiPagePdf({ pages: 2 }),
      fileName: 'guide.pdf',
    });
    const buyer = await signUpAndSignIn(t.app);
    const { downloadUrl, orderId } = await buyAs(t.app, t.database.db, buyer.cookie, product._id);
    const before = t.app.stamping.stampsMade();

    const [first, concurrent] = await Promise.all([get(downloadUrl), get(downloadUrl)]);
    expect(first.statusCode).toBe(200);
    expect(concurrent.rawPayload.equals(first.rawPayload)).toBe(true);
    const again = await get(downloadUrl);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.app.stamping.stampsMade()).toBe(before + 1);
    const rows = (await stampRows(t.database.db)).filter((row) => row.orderId === orderId);
    expect(rows).toMatchObject([{ state: 'ready', size: first.rawPayload.length }]);

    const etag = String(first.headers.etag);
    const ranged = await get(downloadUrl, { range: 'bytes=100-199', 'if-range': etag });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${first.rawPayload.length}`);
    expect(ranged.rawPayload.equals(first.rawPayload.subarray(100, 200))).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: downloadUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(head.headers.etag).toBe(etag);
    expect(t.app.stamping.stampsMade()).toBe(before + 1);
  });

  test('download limits count the bytes of the stamped copy, not of the original', async () => {
    const source = await multiPagePdf({ pages: 2 });
    const product = await stampingProduct(
      t.app,
      admin,
      { data: source, fileName: 'guide.pdf' },
      true,
      { downloadLimit: 1 },
    );
    const buyer = await signUpAndSignIn(t.app);
    const { downloadUrl } = await buyAs(t.app, t.database.db, buyer.cookie, product._id);
    const usage = async () => {
      await t.app.downloads.idle();
      const response = await get('/api/orders/myorders', { cookie: buyer.cookie });
      return response.json<MyOrdersResponse>().purchases[0]!.downloads;
    };
    // As many bytes as the original has: not yet the whole stamped copy.
    const part = await get(downloadUrl, { range: `bytes=0-${source.length - 1}` });
    expect(part.statusCode).toBe(206);
    expect(await usage()).toEqual({ used: 0, limit: 1 });
    const size = Number(part.headers['content-range']!.toString().split('/')[1]);
    expect(size).toBeGreaterThan(source.length);
    const rest = await get(downloadUrl, { range: `bytes=${source.length}-` });
    expect(rest.statusCode).toBe(206);
    expect(await usage()).toEqual({ used: 1, limit: 1 });
  });

  test('an encrypted PDF goes out unstamped, once logged and noted on the product', async () => {
    const source = await encryptedPdf();
    const product = await stampingProduct(t.app, admin, { data: source, fileName: 'locked.pdf' });
    const buyers = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
    const warningsBefore = lines.filter((line) => line.includes('could not be stamped')).length;
    const before = t.app.stamping.stampsMade();

    for (const buyer of buyers) {
      const { downloadUrl } = await buyAs(t.app, t.database.db, buyer.cookie, product._id);
      for (const _ of [1, 2]) {
        const response = await get(downloadUrl);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(source)).toBe(true);
        expect(response.headers.etag).toBe(`"${sha256(source)}"`);
      }
    }
    // Tried once for the file, not for every order or download.
    expect(t.app.stamping.stampsMade()).toBe(before + 1);
    const warnings = lines.filter((line) => line.includes('could not be stamped'));
    expect(warnings).toHaveLength(warningsBefore + 1);
    const warning = JSON.parse(warnings.at(-1)!) as Record<string, unknown>;
    expect(warning).toMatchObject({ level: 40, productId: product._id, problem: 'encrypted' });
    for (const buyer of buyers) expect(warnings.at(-1)).not.toContain(buyer.email);
    expect((await adminProduct(product._id)).stampNote).toBe(
      'Could not stamp “locked.pdf”: it is encrypted. Buyers receive it unstamped.',
    );
  });

  test('a broken PDF is served as it is; switching stamping off, or a new file, clears the note', async () => {
    const source = brokenPdf();
    const product = await stampingProduct(t.app, admin, { data: source, fileName: 'broken.pdf' });
    const buyer = await signUpAndSignIn(t.app);
    const { downloadUrl, orderNumber } = await buyAs(
      t.app,
      t.database.db,
      buyer.cookie,
      product._id,
    );
    expect((await get(downloadUrl)).rawPayload.equals(source)).toBe(true);
    const note = StampMessages.couldNotStamp('broken.pdf', 'unreadable');
    expect(note).toBe(
      'Could not stamp “broken.pdf”: it could not be read as a PDF. Buyers receive it unstamped.',
    );
    expect((await adminProduct(product._id)).stampNote).toBe(note);

    const edit = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product._id}`,
        headers: { cookie: admin },
        payload: { title: product.title, description: product.description, price: 5, ...body },
      });
    const off = await edit({ stampPdf: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<Product>()).toMatchObject({ stampPdf: false, stampNote: null });
    // Off: the original for everyone, nothing new recorded.
    expect((await get(downloadUrl)).rawPayload.equals(source)).toBe(true);

    expect((await edit({ stampPdf: true })).json<Product>().stampNote).toBe(null);
    expect((await get(downloadUrl)).rawPayload.equals(source)).toBe(true);
    expect((await adminProduct(product._id)).stampNote).toBe(note);
    const replacement = await uploadTestFile(t.app, admin, {
      data: await multiPagePdf({ pages: 1 }),
      fileName: 'fixed.pdf',
    });
    const replaced = await edit({
      digitalFile: { public_id: replacement.public_id, secure_url: replacement.secure_url },
    });
    expect(replaced.json<Product>()).toMatchObject({ stampPdf: true, stampNote: null });
    // The new file is a new upload: stamped afresh for the same order.
    expect(pdfLines((await get(downloadUrl)).rawPayload)).toContain(
      `Licensed to ${buyer.email} · Order #${orderNumber}`,
    );
  });

  test('without stamping, and for an EPUB or a ZIP, buyers get the original', async () => {
    const pdf = await multiPagePdf({ pages: 1 });
    const files = [
      { data: pdf, fileName: 'plain.pdf', stampPdf: false },
      { data: sampleEpub(), fileName: 'book.epub', stampPdf: true },
      {
        data: sampleZip([{ name: 'extras.txt', data: 'extras' }]),
        fileName: 'x.zip',
        stampPdf: true,
      },
    ];
    const buyer = await signUpAndSignIn(t.app);
    const before = t.app.stamping.stampsMade();
    for (const { stampPdf, ...file } of files) {
      const product = await stampingProduct(t.app, admin, file, stampPdf);
      const { downloadUrl } = await buyAs(t.app, t.database.db, buyer.cookie, product._id);
      const response = await get(downloadUrl);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(file.data)).toBe(true);
    }
    expect(t.app.stamping.stampsMade()).toBe(before);
  });
});
