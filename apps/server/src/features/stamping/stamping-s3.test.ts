import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { pdfLines } from '../../test/pdf-text.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { multiPagePdf } from '../../test/sample-pdfs.js';
import { buyAs, sha256, stampingProduct, storedOriginal } from '../../test/stamping-store.js';

/** With the files in a bucket, the stamped copy is kept there and handed out presigned. */
describe.skipIf(testDb === 'postgres')('stamping with a bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp({ storage: { kind: 's3', ...s3.options } });
    admin = (await signInAsAdmin(t.app)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  test('a download redirects to the stamped copy in the bucket; the original stays as it was', async () => {
    const source = await multiPagePdf({ pages: 2 });
    const product = await stampingProduct(t.app, admin, { data: source, fileName: 'guide.pdf' });
    const buyer = await signUpAndSignIn(t.app);
    const { downloadUrl, orderId, orderNumber } = await buyAs(
      t.app,
      t.database.db,
      buyer.cookie,
      product._id,
    );

    const response = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    const uploadId = product.publicId.split('/').pop()!;
    expect(location.pathname).toBe(`/${s3.bucket}/private/stamped-pdfs/${orderId}/${uploadId}.pdf`);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    const stamped = Buffer.from(await fetched.arrayBuffer());
    const line = `Licensed to ${buyer.email} · Order #${orderNumber}`;
    expect(pdfLines(stamped).filter((row) => row === line)).toHaveLength(2);
    expect(sha256(await storedOriginal(t.app, product.publicId))).toBe(sha256(source));
  });
});
