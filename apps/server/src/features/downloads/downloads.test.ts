import { CheckoutMessages, OrderMessages, type Product } from '@bindery/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct, uploadTestFile } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';
import { samplePdf } from '../../test/upload-samples.js';
import { READ_CHUNK_BYTES } from '../../adapters/storage/file-range-stream.js';
import { escapeHtml } from '../../store-page.js';
import { createDownloadTokens } from './downloads.service.js';
import { contentDisposition, downloadFileName, parseByteRange } from './http-headers.js';

const MINUTE = 60_000;
const FILE = samplePdf();
/**
 * Groups whose outcome no database can change (a token's MAC, a page's HTML, bytes over a
 * socket, a header parsed) run on SQLite only; those that count, revoke or expire run on both
 * (src/test/postgres-suite.ts has the rule). Each test here builds an app and buys a product
 * first: on PostgreSQL that took about 1.5 s a test.
 */
const describeOnce = describe.skipIf(testDb === 'postgres');

let t: TestApp;
let clock: TestClock;
let admin: string;
let buyer: string;
let product: Product;
let bought: { sessionId: string; orderId: string; downloadUrl: string };
beforeEach(async () => {
  clock = createTestClock();
  t = await buildTestApp({}, { clock: clock.now });
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { price: 19 });
  bought = await buyProduct(t.app, t.database.db, buyer, product._id);
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const tokenOf = (url: string) => url.slice('/api/downloads/'.length);
const countDownloads = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('downloads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('orderId', '=', bought.orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const downloadsUsed = async () =>
  (
    await t.database.db
      .selectFrom('orders')
      .select('downloadsUsed')
      .where('id', '=', bought.orderId)
      .executeTakeFirstOrThrow()
  ).downloadsUsed;
const fileRow = () =>
  t.database.db
    .selectFrom('uploads')
    .select(['sha256', 'fileName', 'id'])
    .where('kind', '=', 'file')
    .executeTakeFirstOrThrow();

/** A refused request: the status and message, and not a byte of the file. */
function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ message });
  expect(response.headers['content-disposition']).toBeUndefined();
  expect(response.body).not.toContain('%PDF');
}

describe('a valid link', () => {
  test('streams the file as an attachment with its headers', async () => {
    const response = await get(bought.downloadUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(FILE)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(FILE.length),
      'content-disposition': `attachment; filename="The Bookbinding Handbook.pdf"; filename*=UTF-8''The%20Bookbinding%20Handbook.pdf`,
      'accept-ranges': 'bytes',
      etag: `"${(await fileRow()).sha256}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(await countDownloads()).toBe(1);
  });

  test('needs no cookie and works for a download manager', async () => {
    const response = await get(bought.downloadUrl, { 'user-agent': 'Wget/1.21' });
    expect(response.statusCode).toBe(200);
  });

  test('HEAD answers the headers without the file or a download', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: bought.downloadUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(FILE.length));
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.rawPayload.length).toBe(0);
    expect(await countDownloads()).toBe(0);
  });

  test('the file replaced on the product is what downloads next', async () => {
    const newer = samplePdf({ text: 'Second edition' });
    const file = await uploadTestFile(t.app, admin, { data: newer, fileName: 'second.pdf' });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: {
        title: product.title,
        subtitle: '',
        description: product.description,
        price: 19,
        digitalFile: { public_id: file.public_id, secure_url: file.secure_url },
      },
    });
    expect(update.statusCode).toBe(200);
    const response = await get(bought.downloadUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(newer)).toBe(true);
    expect(response.headers['content-disposition']).toContain(
      'filename="The Bookbinding Handbook.pdf"',
    );
  });
});

describe('expiry', () => {
  const expOf = (url: string) =>
    (
      JSON.parse(Buffer.from(tokenOf(url).split('.')[0]!, 'base64url').toString()) as {
        exp: number;
      }
    ).exp;

  test('works until 15 minutes, then 410 at and after exp', async () => {
    const exp = expOf(bought.downloadUrl);
    expect(exp).toBe(Math.floor(clock.now() / 1000) + 15 * 60);
    clock.set((exp - 1) * 1000);
    expect((await get(bought.downloadUrl)).statusCode).toBe(200);
    clock.set(exp * 1000);
    expectRefused(await get(bought.downloadUrl), 410, CheckoutMessages.linkExpired);
    clock.set((exp + 1) * 1000);
    expectRefused(await get(bought.downloadUrl), 410, CheckoutMessages.linkExpired);
  });

  test('a fresh link from My Orders works again', async () => {
    clock.advance(20 * MINUTE);
    expect((await get(bought.downloadUrl)).statusCode).toBe(410);
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${bought.orderId}/download-link`,
      headers: { cookie: buyer },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await get(fresh.json().downloadUrl)).statusCode).toBe(200);
  });
});

describeOnce('tampered links', () => {
  const flip = (text: string, index: number) =>
    text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);

  const cases: Array<[string, (token: string) => string]> = [
    ['one character of the payload flipped', (token) => flip(token, 5)],
    ['one character of the MAC flipped', (token) => flip(token, token.length - 10)],
    ['the last character flipped', (token) => flip(token, token.length - 1)],
    ['truncated by one', (token) => token.slice(0, -1)],
    ['the MAC cut off', (token) => token.split('.')[0]! + '.'],
    ['no MAC at all', (token) => token.split('.')[0]!],
    ['empty', () => ''],
    ['garbage', () => 'not-a-token'],
    ['very long', (token) => token + 'A'.repeat(600)],
    [
      'another order id with the same MAC',
      (token) => {
        const [payload, mac] = token.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        const forged = { ...claims, orderId: 'AAAAAAAAAAAAAAAA' };
        return `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
      },
    ],
    [
      'a later expiry with the same MAC',
      (token) => {
        const [payload, mac] = token.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        const forged = { ...claims, exp: claims.exp + 86_400 };
        return `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
      },
    ],
    [
      'signed with another secret',
      (token) => {
        const claims = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
        return createDownloadTokens('another-secret-another-secret-another').sign(claims);
      },
    ],
  ];

  test.each(cases)('%s → 403', async (_name, tamper) => {
    const token = tamper(tokenOf(bought.downloadUrl));
    expectRefused(await get(`/api/downloads/${token}`), 403, CheckoutMessages.linkInvalid);
    expect(await countDownloads()).toBe(0);
  });

  test('the untouched token still works', async () => {
    expect((await get(bought.downloadUrl)).statusCode).toBe(200);
  });
});

describe('revoked access', () => {
  test('a refund revokes links already handed out', async () => {
    await t.app.orders.applyOutcome({
      orderId: bought.orderId,
      result: 'refunded',
      source: 'test',
      eventId: 'evt_refund_1',
    });
    expectRefused(await get(bought.downloadUrl), 403, CheckoutMessages.accessRevoked);
  });

  test('deleting a paid order is refused and its links keep working; refunded and removed, they stop', async () => {
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${bought.orderId}`,
        headers: { cookie: admin },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OrderMessages.paidNotDeletable);
    expect((await get(bought.downloadUrl)).statusCode).toBe(200);

    await t.app.orders.applyOutcome({
      orderId: bought.orderId,
      result: 'refunded',
      source: 'test',
      eventId: 'evt_refund_1',
    });
    expect((await remove()).statusCode).toBe(204);
    expectRefused(await get(bought.downloadUrl), 403, CheckoutMessages.accessRevoked);
  });

  test('a product with sales that the admin deletes is archived: its buyer keeps the file', async () => {
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(404);
    const download = await get(bought.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(FILE)).toBe(true);
  });

  test('a file no longer stored: 410 with a clear message', async () => {
    await t.app.uploads.deleteForProduct(product._id);
    expectRefused(await get(bought.downloadUrl), 410, CheckoutMessages.fileUnavailable);
    const head = await t.app.inject({ method: 'HEAD', url: bought.downloadUrl });
    expect(head.statusCode).toBe(410);
  });
});

describeOnce('a link opened in a browser tab', () => {
  const BROWSER = {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8',
    'sec-fetch-mode': 'navigate',
  };

  /** The store's page for a refused download: same status, the message, the way on. */
  function expectPage(response: LightMyRequestResponse, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBeUndefined();
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>This download is not available · Bindery</title>');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>This download is not available</h1>');
    expect(html).toContain(`<p>${escapeHtml(message)}</p>`);
    expect(html).toContain(
      '<a class="button primary" href="http://localhost/store/my-orders">Get a fresh link from My Orders</a>',
    );
    expect(html).toContain(
      '<a class="button secondary" href="http://localhost/store/products">Browse the catalogue</a>',
    );
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
    // Nothing the page needs comes from elsewhere, and it runs no script.
    expect(html).not.toMatch(/<script|(src|href)="https?:\/\/(?!localhost\/store\/)/);
    expect(html).not.toContain('%PDF');
  }

  test('an invalid link', async () => {
    const response = await get('/api/downloads/not-a-token', BROWSER);
    expectPage(response, 403, CheckoutMessages.linkInvalid);
  });

  test('an expired link', async () => {
    clock.advance(20 * MINUTE);
    expectPage(await get(bought.downloadUrl, BROWSER), 410, CheckoutMessages.linkExpired);
  });

  test('a refunded order', async () => {
    await t.app.orders.applyOutcome({
      orderId: bought.orderId,
      result: 'refunded',
      source: 'test',
      eventId: 'evt_refund_page',
    });
    expectPage(await get(bought.downloadUrl, BROWSER), 403, CheckoutMessages.accessRevoked);
  });

  test('a disputed order', async () => {
    await t.database.db
      .updateTable('orders')
      .set({ disputeStatus: 'open' })
      .where('id', '=', bought.orderId)
      .execute();
    expectPage(await get(bought.downloadUrl, BROWSER), 403, CheckoutMessages.disputed);
  });

  test('a file no longer stored', async () => {
    await t.app.uploads.deleteForProduct(product._id);
    expectPage(await get(bought.downloadUrl, BROWSER), 410, CheckoutMessages.fileUnavailable);
  });

  test('a product that no longer exists', async () => {
    await t.app.catalog.archiveProduct(product._id);
    await t.app.catalog.purgeArchivedProduct(product._id);
    expectPage(await get(bought.downloadUrl, BROWSER), 410, CheckoutMessages.fileUnavailable);
  });

  test('Accept preferring HTML is enough (no Sec-Fetch-Mode)', async () => {
    const response = await get('/api/downloads/not-a-token', { accept: 'text/html' });
    expectPage(response, 403, CheckoutMessages.linkInvalid);
  });

  test('the links lead to the address the tab is on, and the store name is escaped', async () => {
    const shop = await buildTestApp({ storeName: '<Shop> & "Co"' });
    try {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/api/downloads/not-a-token',
        headers: { ...BROWSER, host: '127.0.0.1:4000' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('href="http://127.0.0.1:4000/store/my-orders"');
      expect(response.body).toContain('<header><p>&lt;Shop&gt; &amp; &quot;Co&quot;</p></header>');
      expect(response.body).not.toContain('<Shop>');
    } finally {
      await shop.close();
    }
  });

  test.each([
    ['no Accept', {}],
    ['Accept: */*', { accept: '*/*' }],
    ['Accept: application/json', { accept: 'application/json' }],
    ['JSON ranked above HTML', { accept: 'application/json, text/html;q=0.9' }],
    ['a fetch() from a page', { accept: '*/*', 'sec-fetch-mode': 'cors' }],
  ])('an API client (%s) still gets the JSON error', async (_name, headers) => {
    const response = await get('/api/downloads/not-a-token', headers);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: CheckoutMessages.linkInvalid, code: 'FORBIDDEN' });
  });

  test('a valid link opened in a tab still downloads', async () => {
    const response = await get(bought.downloadUrl, BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(FILE)).toBe(true);
  });
});

describe('ranges', () => {
  const ranged = (range: string, extra: Record<string, string> = {}) =>
    get(bought.downloadUrl, { range, ...extra });

  test('bytes=0-99 → 206 with those bytes', async () => {
    const response = await ranged('bytes=0-99');
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-99/${FILE.length}`);
    expect(response.headers['content-length']).toBe('100');
    expect(response.rawPayload.equals(FILE.subarray(0, 100))).toBe(true);
  });

  test('suffix bytes=-100 → the last 100 bytes', async () => {
    const response = await ranged('bytes=-100');
    expect(response.statusCode).toBe(206);
    const start = FILE.length - 100;
    expect(response.headers['content-range']).toBe(
      `bytes ${start}-${FILE.length - 1}/${FILE.length}`,
    );
    expect(response.rawPayload.equals(FILE.subarray(start))).toBe(true);
  });

  test('open bytes=100- → the rest', async () => {
    const response = await ranged('bytes=100-');
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-${FILE.length - 1}/${FILE.length}`);
    expect(response.rawPayload.equals(FILE.subarray(100))).toBe(true);
  });

  test('a range past the end → 416 with the size', async () => {
    const response = await ranged('bytes=99999999-');
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${FILE.length}`);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(await countDownloads()).toBe(0);
  });

  test.each([
    ['multiple ranges', 'bytes=0-1,5-6'],
    [
      'a thousand overlapping ranges',
      `bytes=${Array.from({ length: 1000 }, () => '0-9').join(',')}`,
    ],
    ['end before start', 'bytes=50-10'],
    ['not bytes', 'items=0-10'],
    ['garbage', 'bytes=abc'],
  ])('%s → 200 with the whole file', async (_name, range) => {
    const response = await ranged(range);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.rawPayload.equals(FILE)).toBe(true);
  });

  test('If-Range with a stale ETag → 200 with the whole file', async () => {
    const response = await ranged('bytes=0-99', { 'if-range': '"stale"' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(FILE)).toBe(true);
  });

  test('If-Range with the current ETag → 206', async () => {
    const etag = `"${(await fileRow()).sha256}"`;
    const response = await ranged('bytes=0-99', { 'if-range': etag });
    expect(response.statusCode).toBe(206);
  });

  test('a download resumed in three ranges counts once, and its link keeps one row', async () => {
    const parts = [];
    for (const range of ['bytes=0-99', 'bytes=100-299', 'bytes=300-']) {
      const response = await ranged(range);
      expect(response.statusCode).toBe(206);
      parts.push(response.rawPayload);
    }
    expect(Buffer.concat(parts).equals(FILE)).toBe(true);
    await t.app.downloads.idle();
    expect(await downloadsUsed()).toBe(1);
    await get(bought.downloadUrl);
    await t.app.downloads.idle();
    expect(await downloadsUsed()).toBe(2);
    expect(await countDownloads()).toBe(1);
  });
});

describeOnce('a file larger than a read, over a network socket', () => {
  // More than the loopback's socket buffers hold, and not a whole number of reads.
  const LARGE = samplePdf({ padTo: 16 * READ_CHUNK_BYTES + 777 });
  let base: string;
  beforeEach(async () => {
    const file = await uploadTestFile(t.app, admin, { data: LARGE, fileName: 'large.pdf' });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: {
        title: product.title,
        subtitle: '',
        description: product.description,
        price: 19,
        digitalFile: { public_id: file.public_id, secure_url: file.secure_url },
      },
    });
    expect(update.statusCode).toBe(200);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  /** A slow reader: nothing is read for a moment, so the server's writes are still pending. */
  async function download(headers: Record<string, string> = {}) {
    const response = await fetch(base + bought.downloadUrl, { headers });
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  }

  test('arrives byte for byte', async () => {
    const { response, body } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(LARGE.length));
    expect(body.equals(LARGE)).toBe(true);
  });

  test('a range across reads arrives exact', async () => {
    const [start, end] = [READ_CHUNK_BYTES - 3, 9 * READ_CHUNK_BYTES + 2];
    const { response, body } = await download({ range: `bytes=${start}-${end}` });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${LARGE.length}`);
    expect(body.equals(LARGE.subarray(start, end + 1))).toBe(true);
  });
});

describe('file names', () => {
  const setTitle = (title: string) =>
    t.database.db.updateTable('products').set({ title }).where('id', '=', product._id).execute();
  const dispositionOf = async () => {
    const response = await get(bought.downloadUrl);
    expect(response.statusCode).toBe(200);
    return String(response.headers['content-disposition']);
  };
  /** The name a browser saves under: filename* (RFC 8187) decoded. */
  const savedName = (header: string) =>
    decodeURIComponent(/filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(header)![1]!);

  test('the buyer’s copy is named after the product; the owner still sees the uploaded name', async () => {
    expect(savedName(await dispositionOf())).toBe('The Bookbinding Handbook.pdf');
    const asOwner = await get(`/api/products/${product._id}`, { cookie: admin });
    expect(asOwner.json().digitalFile.fileName).toBe('guide.pdf');
    const asBuyer = await get(`/api/products/${product._id}`, { cookie: buyer });
    expect(asBuyer.json().digitalFile.fileName).toBeUndefined();
  });

  test('an awkward title: slashes, quotes, accents, emoji and 300 characters', async () => {
    const title = `Crème brûlée / "Quotes" \\ a:b *?<>| 👩‍💻📚 ${'x'.repeat(300)}`;
    await setTitle(title);
    const header = await dispositionOf();
    const name = savedName(header);
    const prefix = 'Crème brûlée _ _Quotes_ _ a_b _____ 👩‍💻📚 ';
    expect(name).toBe(`${prefix}${'x'.repeat(150 - Buffer.byteLength(prefix))}.pdf`);
    expect(Buffer.byteLength(name)).toBe(154);
    // The ASCII fallback keeps the letters of accented ones.
    expect(header).toMatch(
      /^attachment; filename="Creme brulee _ _Quotes_ _ a_b _____ _+ x+\.pdf"; /,
    );
  });

  test('a cut never splits an emoji', async () => {
    await setTitle(`${'a'.repeat(148)}👩‍💻`);
    expect(savedName(await dispositionOf())).toBe(`${'a'.repeat(148)}.pdf`);
  });

  test('a hostile title cannot inject headers or hide the extension', async () => {
    await setTitle('a"b\r\nX: y/../\u202Efdp.exe');
    const response = await get(bought.downloadUrl);
    expect(response.headers.x).toBeUndefined();
    const header = String(response.headers['content-disposition']);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_b__X_ y_..__fdp.exe.pdf"; filename*=UTF-8''a_b__X_%20y_..__fdp.exe.pdf`,
    );
    // The right-to-left override is gone: the name ends in .pdf as it reads.
    expect(savedName(header)).toBe('a_b__X_ y_..__fdp.exe.pdf');
  });

  test.each([
    ['   ', 'download.pdf'],
    ['...', 'download.pdf'],
    ['CON', 'CON_.pdf'],
    ['  Spaced   out.  ', 'Spaced out.pdf'],
  ])('title %j saves as %j', (title, expected) => {
    expect(downloadFileName(title, 'pdf')).toBe(expected);
  });

  test('the extension is the stored file’s format', () => {
    expect(downloadFileName('Bundle', 'zip')).toBe('Bundle.zip');
    expect(downloadFileName('Novel', 'EPUB')).toBe('Novel.epub');
  });

  test('names are encoded in filename* and kept plain where they can be', () => {
    expect(contentDisposition('Grüße (final) 100%.epub')).toBe(
      `attachment; filename="Gru_e (final) 100_.epub"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%28final%29%20100%25.epub`,
    );
    expect(contentDisposition('   ')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});

describeOnce('range parsing', () => {
  test.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=0-99999', { start: 0, end: 499 }],
    ['bytes=-1000', { start: 0, end: 499 }],
    ['bytes=499-', { start: 499, end: 499 }],
    [' bytes=10-20 ', { start: 10, end: 20 }],
    ['bytes=500-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=-', null],
    ['bytes=1-2, 3-4', null],
    ['bytes=1-2,', null],
    [undefined, null],
  ] as const)('%j of 500 bytes', (header, expected) => {
    expect(parseByteRange(header, 500)).toEqual(expected);
  });
});
