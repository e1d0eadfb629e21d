import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DIGITAL_FILES_FOLDER, IMAGE_VARIANTS, imageVariantUrl } from '@bindery/shared';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { multipartBody, type FormEntry } from '../../test/multipart.js';
import { buyProduct } from '../../test/purchase.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { sampleImage, samplePdf } from '../../test/upload-samples.js';

const HOUR = 60 * 60 * 1000;

// Where the files go does not depend on the database: once, in the SQLite project.
describe.skipIf(testDb === 'postgres')('a store whose files are in an S3 bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let base: string;
  beforeEach(async () => {
    s3 = await startS3Server();
    t = await buildTestApp({ storage: { kind: 's3', ...s3.options } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await t.close();
    await s3.close();
  });

  const postForm = (url: string, entries: FormEntry[], cookie: string) => {
    const body = multipartBody(entries);
    return fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...body.headers, cookie },
      body: body.payload,
    });
  };

  /** The file host's signed fields, from a fresh signature for the admin's session. */
  async function signedFields(cookie: string) {
    const response = await fetch(`${base}/api/products/generate-signature`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const signature = (await response.json()) as Record<string, unknown>;
    return ['timestamp', 'signature', 'api_key', 'folder'].map((name) => ({
      name,
      value: String(signature[name]),
    }));
  }

  test('uploads over HTTP land in the bucket, never in the data directory, and media is served from it', async () => {
    const { cookie } = await signInAsAdmin(t.app);
    const pdf = samplePdf({ padTo: 300_000 });
    const file = await postForm(
      '/api/uploads/file',
      [...(await signedFields(cookie)), { name: 'file', fileName: 'Field Guide.pdf', data: pdf }],
      cookie,
    );
    expect(file.status).toBe(201);
    const { public_id: publicId } = (await file.json()) as { public_id: string };
    const fileId = publicId.split('/')[1]!;

    const png = await sampleImage('png', 900, 600);
    const image = await postForm(
      '/api/uploads/image',
      [{ name: 'image', fileName: 'cover.png', data: png, contentType: 'image/png' }],
      cookie,
    );
    expect(image.status).toBe(201);
    const { url } = (await image.json()) as { url: string };
    const imageId = url.split('/')[3]!;

    expect(await s3.listKeys()).toEqual(
      [
        `private/${DIGITAL_FILES_FOLDER}/${fileId}.pdf`,
        `public/images/${imageId}/original.png`,
        ...Object.keys(IMAGE_VARIANTS).map((variant) => `public/images/${imageId}/${variant}.webp`),
      ].sort(),
    );
    expect(await s3.listUploads()).toEqual([]);
    expect(await s3.readObject(`private/${DIGITAL_FILES_FOLDER}/${fileId}.pdf`)).toEqual(pdf);
    for (const area of ['public', 'private', 'tmp']) {
      expect(existsSync(path.join(t.config.dataDir, area)), area).toBe(false);
    }

    // The bucket stays private: the store reads each image from it and serves it.
    const cardUrl = imageVariantUrl(url, 'card');
    const card = await fetch(`${base}${cardUrl}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await card.arrayBuffer())).toEqual(
      await s3.readObject(`public/images/${imageId}/card.webp`),
    );
    expect(
      s3.requests.filter(
        (request) =>
          request.method === 'GET' &&
          request.url.startsWith(`/${s3.bucket}/public/images/${imageId}/card.webp`),
      ),
    ).toHaveLength(1);
    const original = await fetch(`${base}${url}`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(
      await s3.readObject(`public/images/${imageId}/original.png`),
    );
    expect((await fetch(`${base}/media/images/${imageId}/none.webp`)).status).toBe(404);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
  });

  test('at start-up only temporary objects over an hour old go: other instances share the bucket', async () => {
    const client = new S3Client(s3.options);
    const put = (key: string) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'part of an upload' }));
    await put('tmp/left-by-a-crash');
    await s3.backdate(new Date(Date.now() - 2 * HOUR));
    await put('tmp/another-instance-receiving');
    const second = await buildTestApp({ storage: { kind: 's3', ...s3.options } });
    try {
      await vi.waitFor(
        async () => expect(await s3.listKeys('tmp/')).toEqual(['tmp/another-instance-receiving']),
        { timeout: 5_000 },
      );
    } finally {
      await second.close();
      client.destroy();
    }
  });

  test('a buyer downloads the file from the bucket, whole or by range', async () => {
    const { cookie: admin } = await signInAsAdmin(t.app);
    const pdf = samplePdf({ padTo: 200_000 });
    const file = await postForm(
      '/api/uploads/file',
      [...(await signedFields(admin)), { name: 'file', fileName: 'guide.pdf', data: pdf }],
      admin,
    );
    const uploaded = (await file.json()) as { public_id: string; secure_url: string };
    const image = await postForm(
      '/api/uploads/image',
      [{ name: 'image', fileName: 'cover.png', data: await sampleImage('png', 40, 50) }],
      admin,
    );
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: {
        title: 'The Bookbinding Handbook',
        subtitle: 'Sewn bindings at home',
        description: 'A practical handbook for binding your own books.',
        price: 19.99,
        image: [((await image.json()) as { url: string }).url],
        digitalFile: { public_id: uploaded.public_id, secure_url: uploaded.secure_url },
      },
    });
    expect(product.statusCode).toBe(201);
    const { cookie } = await signUpAndSignIn(t.app);
    const { downloadUrl } = await buyProduct(
      t.app,
      t.database.db,
      cookie,
      product.json<{ _id: string }>()._id,
    );
    const link = new URL(downloadUrl, base);
    const part = await fetch(`${base}${link.pathname}`, {
      headers: { cookie, range: 'bytes=1000-1999' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${pdf.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(pdf.subarray(1000, 2000));
    const whole = await fetch(`${base}${link.pathname}`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(pdf);
    // Both answers came from the bucket, through the presigned URL the store redirected to.
    expect(
      s3.requests.filter(
        (request) =>
          request.method === 'GET' &&
          request.url.startsWith(`/${s3.bucket}/private/${uploaded.public_id}.pdf?`),
      ),
    ).toHaveLength(2);
  });
});
