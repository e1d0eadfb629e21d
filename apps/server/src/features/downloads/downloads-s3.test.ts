import { CheckoutMessages, ErrorCode, type MyOrdersResponse } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct, uploadTestFile } from '../../test/factories.js';
import { createTestClock } from '../../test/clock.js';
import { buyProduct } from '../../test/purchase.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { samplePdf } from '../../test/upload-samples.js';

/**
 * With the files in a bucket, a download is a redirect to a presigned URL, made after the same
 * checks as a streamed one (decision 021). The checks do not depend on the database: once, in
 * the SQLite project.
 */
describe.skipIf(testDb === 'postgres')('downloads from a bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: string;
  let buyer: string;
  const clock = createTestClock();
  const pdf = samplePdf({ padTo: 120_000 });

  beforeEach(async () => {
    s3 = await startS3Server();
    t = await buildTestApp(
      { storage: { kind: 's3', ...s3.options }, downloads: { limit: 1 } },
      { clock: clock.now },
    );
    admin = (await signInAsAdmin(t.app)).cookie;
    buyer = (await signUpAndSignIn(t.app)).cookie;
  });
  afterEach(async () => {
    await t.close();
    await s3.close();
  });

  async function purchase() {
    const file = await uploadTestFile(t.app, admin, { data: pdf, fileName: 'handbook.pdf' });
    const product = await createTestProduct(t.app, admin, {
      title: 'The Bookbinding Handbook',
      digitalFile: { public_id: file.public_id, secure_url: file.secure_url },
    });
    return { file, ...(await buyProduct(t.app, t.database.db, buyer, product._id)) };
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function usage() {
    const response = await get('/api/orders/myorders', { cookie: buyer });
    return response.json<MyOrdersResponse>().purchases[0]!.downloads;
  }

  test('a download is a redirect to the bucket, which answers with the file, its type and its name', async () => {
    const { file, downloadUrl } = await purchase();
    const response = await get(downloadUrl);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('');
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(
      `${s3.endpoint}/${s3.bucket}/private/${file.public_id}.pdf`,
    );
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBe(300);

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="The Bookbinding Handbook.pdf"; filename*=UTF-8''The%20Bookbinding%20Handbook.pdf`,
    );
    expect(fetched.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(pdf);

    // The same URL with a range: the bucket answers the part.
    const part = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(pdf.subarray(100, 200));
  });

  test('a redirect counts the span it hands out; at the limit links are refused', async () => {
    const { orderId, downloadUrl } = await purchase();
    expect(await usage()).toEqual({ used: 0, limit: 1 });
    // A part is a part of a download: 100 bytes counted, no download yet.
    expect((await get(downloadUrl, { range: 'bytes=100-199' })).statusCode).toBe(302);
    expect(await usage()).toEqual({ used: 0, limit: 1 });
    expect((await get(downloadUrl)).statusCode).toBe(302);
    expect(await usage()).toEqual({ used: 1, limit: 1 });
    // The whole file has been handed out: another redirect, even through this link, is refused.
    const again = await get(downloadUrl);
    expect(again.statusCode).toBe(403);
    expect(again.headers.location).toBeUndefined();
    expect(await usage()).toEqual({ used: 1, limit: 1 });

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/download-link`,
      headers: { cookie: buyer },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Download limit reached for this order.',
      code: ErrorCode.forbidden,
    });
  });

  test('HEAD is answered by the store, without a redirect and without counting', async () => {
    const { downloadUrl } = await purchase();
    const response = await t.app.inject({ method: 'HEAD', url: downloadUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.headers.location).toBeUndefined();
    expect(await usage()).toEqual({ used: 0, limit: 1 });
  });

  test('a refunded order, an expired link or a range outside the file gets no redirect', async () => {
    const { orderId, downloadUrl } = await purchase();
    const outside = await get(downloadUrl, { range: `bytes=${pdf.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${pdf.length}`);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refund`,
      headers: { cookie: admin },
    });
    expect(refund.statusCode).toBe(200);
    const revoked = await get(downloadUrl);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toEqual({
      message: CheckoutMessages.accessRevoked,
      code: ErrorCode.forbidden,
    });
    expect(revoked.headers.location).toBeUndefined();

    clock.advance(16 * 60 * 1000);
    const expired = await get(downloadUrl);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      message: CheckoutMessages.linkExpired,
      code: ErrorCode.gone,
    });
  });

  test('with S3_DOWNLOADS=stream the store sends the file itself, read from the bucket', async () => {
    await t.close();
    t = await buildTestApp(
      { storage: { kind: 's3', ...s3.options, downloads: 'stream' }, downloads: { limit: 1 } },
      { clock: clock.now },
    );
    admin = (await signInAsAdmin(t.app)).cookie;
    buyer = (await signUpAndSignIn(t.app)).cookie;
    const { file, downloadUrl } = await purchase();
    const response = await get(downloadUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="The Bookbinding Handbook.pdf"; filename*=UTF-8''The%20Bookbinding%20Handbook.pdf`,
    );
    expect(response.rawPayload).toEqual(pdf);
    expect(
      s3.requests.filter(
        (request) =>
          request.method === 'GET' &&
          request.url.startsWith(`/${s3.bucket}/private/${file.public_id}.pdf`),
      ),
    ).toHaveLength(1);
    // Counted once the response has closed, as from the disk.
    await t.app.downloads.idle();
    expect(await usage()).toEqual({ used: 1, limit: 1 });
  });
});
