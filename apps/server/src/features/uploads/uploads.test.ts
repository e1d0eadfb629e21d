import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  DIGITAL_FILES_FOLDER,
  ErrorCode,
  IMAGE_VARIANTS,
  UploadMessages,
  imageVariantUrl,
  type ImageVariant,
} from '@bindery/shared';
import sharp from 'sharp';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import {
  buildTestApp,
  sessionCookieFrom,
  signInAsAdmin,
  signUpAndSignIn,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import {
  largeFileStream,
  multipartBody,
  truncatedStream,
  type FormEntry,
} from '../../test/multipart.js';
import {
  pixelFloodPng,
  sampleEpub,
  sampleImage,
  samplePdf,
  sampleZip,
  type SampleImageFormat,
} from '../../test/upload-samples.js';
import { asStorageFailure } from './file-intake.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file (not folder) under a storage area of the test's data directory. */
function filesIn(area: 'tmp' | 'private' | 'public'): string[] {
  const root = path.join(t.config.dataDir, area);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const uploadRows = () => t.database.db.selectFrom('uploads').selectAll().execute();

async function expectNothingStored() {
  expect(filesIn('tmp')).toEqual([]);
  expect(filesIn('private')).toEqual([]);
  expect(filesIn('public')).toEqual([]);
  expect(await uploadRows()).toEqual([]);
}

type Field = { name: string; value: string };

/** A fresh signature for the session of `cookie` (the test's admin by default), as form fields. */
async function signedFields(
  overrides: Record<string, string> = {},
  cookie = admin,
): Promise<Field[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products/generate-signature',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  const fields: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(response.json<Record<string, unknown>>()).map(([name, value]) => [
        name,
        String(value),
      ]),
    ),
    ...overrides,
  };
  return ['timestamp', 'signature', 'api_key', 'folder', ...Object.keys(overrides)]
    .filter((name, index, names) => names.indexOf(name) === index && name in fields)
    .map((name) => ({ name, value: fields[name]! }));
}

const fileEntry = (fileName: string, data: Buffer | string, contentType?: string): FormEntry => ({
  name: 'file',
  fileName,
  data,
  contentType,
});

function postForm(url: string, entries: FormEntry[], headers: Record<string, string> = {}) {
  const body = multipartBody(entries);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** To the file host, with the test admin's session unless other headers are given. */
const postFile = (entries: FormEntry[], headers: Record<string, string> = { cookie: admin }) =>
  postForm('/api/uploads/file', entries, headers);

/** As the admin form sends it: a fresh signature's fields, then the file. */
const uploadFile = async (fileName: string, data: Buffer | string, contentType?: string) =>
  postFile([...(await signedFields()), fileEntry(fileName, data, contentType)]);

/**
 * Groups whose outcome no database can change (content sniffing, multipart limits, images,
 * timeouts, serving stored images) run on SQLite only; the signature, the byte budget and the
 * uploads service's claims run on both (src/test/postgres-suite.ts has the rule).
 */
const describeOnce = describe.skipIf(testDb === 'postgres');

const DEFAULT_UPLOADS: Config['uploads'] = {
  maxFileBytes: 2 * 1024 ** 3,
  maxImageBytes: 10 * 1024 * 1024,
  signatureTtlSeconds: 120,
  idleTimeoutMs: 30_000,
  maxBytesPerAddressPerHour: 20 * 1024 * 1024 * 1024,
};

/** The cookie of an admin signed in on the test app. */
let admin: string;

async function start(uploads: Partial<Config['uploads']> = {}) {
  t = await buildTestApp({ uploads: { ...DEFAULT_UPLOADS, ...uploads } });
  admin = (await signInAsAdmin(t.app)).cookie;
}

describe('POST /api/products/generate-signature', () => {
  test('is refused to visitors (401) and buyers (403)', async () => {
    await start();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/products/generate-signature',
    });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await signUpAndSignIn(t.app);
    const buyer = await t.app.inject({
      method: 'POST',
      url: '/api/products/generate-signature',
      headers: { cookie },
    });
    expect(buyer.statusCode).toBe(403);
  });

  test('gives an admin a signature for the digital files folder that the file host accepts', async () => {
    await start();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/generate-signature',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      timestamp: expect.any(Number),
      api_key: 'bindery',
      folder: DIGITAL_FILES_FOLDER,
    });
    expect(Math.abs(body.timestamp - Date.now() / 1000)).toBeLessThan(5);
    const fields = Object.entries(body).map(([name, value]) => ({ name, value: String(value) }));
    const upload = await postFile([...fields, fileEntry('guide.pdf', samplePdf())]);
    expect(upload.statusCode).toBe(201);
  });

  test('keeps only a hash of the signature, with its session, for two minutes', async () => {
    await start();
    const before = Date.now();
    const fields = await signedFields();
    const signature = fields.find((field) => field.name === 'signature')!.value;
    const rows = await t.database.db.selectFrom('uploadSignatures').selectAll().execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.signatureHash).toBe(sha256(Buffer.from(signature)));
    expect(JSON.stringify(rows)).not.toContain(signature);
    expect(row!.expiresAt - row!.issuedAt).toBe(120_000);
    expect(row!.issuedAt).toBeGreaterThanOrEqual(before);
    expect(row!.usedAt).toBeNull();
  });
});

describe('POST /api/uploads/file', () => {
  test('stores a signed PDF privately under a generated name and records it', async () => {
    await start();
    const pdf = samplePdf();
    const response = await uploadFile('Field Guide.pdf', pdf);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const id = body.public_id.split('/')[1];
    expect(body).toEqual({
      public_id: `${DIGITAL_FILES_FOLDER}/${id}`,
      secure_url: `private://${DIGITAL_FILES_FOLDER}/${id}.pdf`,
      format: 'pdf',
      size: pdf.length,
      fileName: 'Field Guide.pdf',
    });
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(filesIn('private')).toEqual([`${DIGITAL_FILES_FOLDER}/${id}.pdf`]);
    expect(
      readFileSync(path.join(t.config.dataDir, 'private', DIGITAL_FILES_FOLDER, `${id}.pdf`)),
    ).toEqual(pdf);
    expect(filesIn('tmp')).toEqual([]);
    expect(filesIn('public')).toEqual([]);
    const rows = await uploadRows();
    expect(rows).toEqual([
      {
        id,
        kind: 'file',
        format: 'pdf',
        fileName: 'Field Guide.pdf',
        size: pdf.length,
        sha256: sha256(pdf),
        productId: null,
        createdAt: expect.any(Number),
      },
    ]);
  });

  describe('the signature', () => {
    test('works once: the same signature again is refused with 403', async () => {
      await start();
      const fields = await signedFields();
      const first = await postFile([...fields, fileEntry('guide.pdf', samplePdf())]);
      expect(first.statusCode).toBe(201);
      const again = await postFile([...fields, fileEntry('copy.pdf', samplePdf())]);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ message: UploadMessages.usedSignature, code: 'FORBIDDEN' });
      expect(await uploadRows()).toHaveLength(1);
      expect(filesIn('private')).toHaveLength(1);
    });

    test('works once even when two uploads present it at the same moment', async () => {
      await start();
      const fields = await signedFields();
      const responses = await Promise.all(
        [1, 2, 3].map((n) => postFile([...fields, fileEntry(`copy${n}.pdf`, samplePdf())])),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 403, 403]);
      expect(await uploadRows()).toHaveLength(1);
    });

    test('works only with the session that asked for it', async () => {
      await start();
      const fields = await signedFields();
      const upload = (headers: Record<string, string>) =>
        postFile([...fields, fileEntry('guide.pdf', samplePdf())], headers);

      const withoutSession = await upload({});
      expect(withoutSession.statusCode).toBe(401);
      const otherAdmin = await upload({ cookie: (await signInAsAdmin(t.app)).cookie });
      expect(otherAdmin.statusCode).toBe(403);
      expect(otherAdmin.json()).toEqual({
        message: UploadMessages.otherSessionSignature,
        code: 'FORBIDDEN',
      });
      const buyer = await upload({ cookie: (await signUpAndSignIn(t.app)).cookie });
      expect(buyer.statusCode).toBe(403);
      await expectNothingStored();

      // Refusing the others did not spend it: the session it was issued to can still use it.
      expect((await upload({ cookie: admin })).statusCode).toBe(201);
    });

    test('ends with its session: after signing out and in again it is refused', async () => {
      t = await buildTestApp({ uploads: DEFAULT_UPLOADS });
      const { cookie, email } = await signInAsAdmin(t.app);
      admin = cookie;
      const fields = await signedFields();
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie },
      });
      expect(logout.statusCode).toBe(200);
      const signedOut = await postFile([...fields, fileEntry('guide.pdf', samplePdf())]);
      expect(signedOut.statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'admin password' },
      });
      expect(login.statusCode).toBe(200);
      const again = await postFile([...fields, fileEntry('guide.pdf', samplePdf())], {
        cookie: sessionCookieFrom(login),
      });
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(UploadMessages.otherSessionSignature);
      await expectNothingStored();
    });

    test.each<[string, Record<string, string>]>([
      ['a garbage signature', { signature: 'not-a-signature' }],
      ['a signature of 64 zeros', { signature: '0'.repeat(64) }],
      ['a signature this store never issued', { signature: 'ab'.repeat(32) }],
      ['a timestamp other than the issued one', { timestamp: '1700000000' }],
      ['a non-numeric timestamp', { timestamp: '1e9' }],
      ['a wrong api_key', { api_key: 'someone-else' }],
      ['a wrong folder', { folder: 'public-images' }],
    ])('refuses %s with 401 and stores nothing', async (_label, overrides) => {
      await start();
      const response = await postFile([
        ...(await signedFields(overrides)),
        fileEntry('guide.pdf', samplePdf()),
      ]);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: UploadMessages.badSignature,
        code: 'UNAUTHORIZED',
      });
      await expectNothingStored();
    });

    test('refuses a repeated folder field with 401', async () => {
      await start();
      const response = await postFile([
        ...(await signedFields()),
        { name: 'folder', value: 'elsewhere' },
        fileEntry('guide.pdf', samplePdf()),
      ]);
      expect(response.statusCode).toBe(401);
      await expectNothingStored();
    });

    test.each([
      ['past its two minutes', -1000, 403],
      ['in its last seconds', 5000, 201],
    ])('a signature %s answers %i', async (_label, expiresIn, status) => {
      await start();
      const fields = await signedFields();
      await t.database.db
        .updateTable('uploadSignatures')
        .set({ expiresAt: Date.now() + expiresIn })
        .execute();
      const response = await postFile([...fields, fileEntry('guide.pdf', samplePdf())]);
      expect(response.statusCode).toBe(status);
      if (status === 403) {
        expect(response.json()).toEqual({
          message: UploadMessages.expiredSignature,
          code: 'FORBIDDEN',
        });
        await expectNothingStored();
      }
    });
  });

  describe('before the body is read', () => {
    test('refuses an upload without a session (401) or by a buyer (403) unread', async () => {
      await start();
      const { cookie } = await signUpAndSignIn(t.app);
      for (const [headers, status] of [
        [{}, 401],
        [{ cookie }, 403],
      ] as const) {
        const big = largeFileStream([], 'huge.pdf', 200 * 1024 * 1024);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/uploads/file',
          payload: big.stream,
          headers: { ...big.headers, ...headers },
        });
        expect(response.statusCode).toBe(status);
        expect(big.pulled()).toBeLessThan(1024 * 1024);
      }
      await expectNothingStored();
    });

    test.each<[string, (fields: Field[]) => { before: Field[]; after: Field[] }]>([
      ['no signature fields at all', () => ({ before: [], after: [] })],
      ['the signature fields after it', (fields) => ({ before: [], after: fields })],
      [
        'some signature fields before it and the rest after',
        (fields) => ({ before: fields.slice(0, 2), after: fields.slice(2) }),
      ],
    ])('refuses a file part with %s: 400, without reading the file', async (_label, arrange) => {
      await start();
      const fields = await signedFields();
      const { before, after } = arrange(fields);
      const big = largeFileStream(before, 'big.pdf', 300 * 1024 * 1024, after);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/file',
        payload: big.stream,
        headers: { ...big.headers, cookie: admin },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: UploadMessages.signatureAfterFile,
        code: 'BAD_REQUEST',
      });
      expect(big.pulled()).toBeLessThan(256 * 1024);
      expect(response.headers.connection).toBe('close');
      await expectNothingStored();
      // The signature was not even looked at, so it still works, sent first.
      expect((await postFile([...fields, fileEntry('guide.pdf', samplePdf())])).statusCode).toBe(
        201,
      );
    });

    test('checks a signature sent before the file without reading the file', async () => {
      await start({ maxFileBytes: 1024 });
      const big = largeFileStream(
        await signedFields({ signature: 'f'.repeat(64) }),
        'big.pdf',
        50 * 1024 * 1024,
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/file',
        payload: big.stream,
        headers: { ...big.headers, cookie: admin },
      });
      // Reading the body would have met the size limit (413) first.
      expect(response.statusCode).toBe(401);
      expect(big.pulled()).toBeLessThan(1024 * 1024);
      expect(response.headers.connection).toBe('close');
      await expectNothingStored();
    });
  });

  describeOnce('type by content', () => {
    const png = () => sampleImage('png', 32, 32);
    test.each<[string, string, () => Buffer | Promise<Buffer>, string]>([
      ['a .pdf holding PNG bytes', 'cover.pdf', png, UploadMessages.fileNotRealDigital],
      [
        'a .epub without the mimetype entry',
        'book.epub',
        () => sampleEpub({ mimetype: null }),
        UploadMessages.fileTypeMismatch,
      ],
      [
        'a plain zip named .epub',
        'book.epub',
        () => sampleZip([{ name: 'a.txt', data: 'hello' }]),
        UploadMessages.fileTypeMismatch,
      ],
      [
        'a .epub whose mimetype is compressed',
        'book.epub',
        () => sampleEpub({ mimetype: { name: 'mimetype', data: 'application/epub+zip' } }),
        UploadMessages.fileTypeMismatch,
      ],
      [
        'a .epub whose mimetype is wrong',
        'book.epub',
        () =>
          sampleEpub({ mimetype: { name: 'mimetype', data: 'application/epub+zap', store: true } }),
        UploadMessages.fileTypeMismatch,
      ],
      [
        'a .zip renamed .pdf',
        'archive.pdf',
        () => sampleZip([{ name: 'a.txt', data: 'hello' }]),
        UploadMessages.fileTypeMismatch,
      ],
      ['an EPUB renamed .pdf', 'book.pdf', () => sampleEpub(), UploadMessages.fileTypeMismatch],
      ['a PDF renamed .zip', 'doc.zip', () => samplePdf(), UploadMessages.fileTypeMismatch],
      ['a PDF renamed .epub', 'doc.epub', () => samplePdf(), UploadMessages.fileTypeMismatch],
      [
        'a PDF header followed by HTML',
        'page.pdf',
        () => Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>'),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'HTML renamed .pdf',
        'page.pdf',
        () => Buffer.from('<!doctype html><html><body>hi</body></html>'),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'SVG renamed .pdf',
        'logo.pdf',
        () =>
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'JavaScript renamed .epub',
        'app.epub',
        () => Buffer.from('alert(document.cookie)'),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'PHP renamed .zip',
        'shell.zip',
        () => Buffer.from('<?php system($_GET["c"]); ?>'),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'a Windows executable renamed .zip',
        'setup.zip',
        () => Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'a self-extracting archive (data before the zip)',
        'setup.zip',
        () =>
          Buffer.concat([Buffer.from('MZ\x90\x00'), sampleZip([{ name: 'a.txt', data: 'hello' }])]),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'a truncated zip (no central directory)',
        'cut.zip',
        () => sampleZip([{ name: 'a.txt', data: 'hello world' }]).subarray(0, 40),
        UploadMessages.fileNotRealDigital,
      ],
      [
        'a valid PDF named .html',
        'page.html',
        () => samplePdf(),
        UploadMessages.fileTypeNotAllowed,
      ],
      ['a valid PDF named .exe', 'setup.exe', () => samplePdf(), UploadMessages.fileTypeNotAllowed],
      [
        'a valid PDF without an extension',
        'guide',
        () => samplePdf(),
        UploadMessages.fileTypeNotAllowed,
      ],
      [
        'a .svg',
        'logo.svg',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        UploadMessages.fileTypeNotAllowed,
      ],
    ])('refuses %s with 415 and stores nothing', async (_label, fileName, make, message) => {
      await start();
      const response = await uploadFile(fileName, await make());
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message, code: 'UNSUPPORTED_MEDIA_TYPE' });
      await expectNothingStored();
    });

    test.each<[string, string, () => Buffer, string]>([
      [
        'a ZIP',
        'bundle.zip',
        () =>
          sampleZip([
            { name: 'readme.txt', data: 'hello' },
            { name: 'art/cover.svg', data: '<svg/>' },
          ]),
        'zip',
      ],
      ['an EPUB', 'Novel.EPUB', () => sampleEpub(), 'epub'],
      // An EPUB is a ZIP too; named .zip it is delivered as the ZIP the seller named.
      ['an EPUB named .zip', 'novel.zip', () => sampleEpub(), 'zip'],
      // Only the bytes count: a Content-Type lie changes nothing.
      ['a PDF sent as image/png', 'guide.pdf', () => samplePdf(), 'pdf'],
      // A file that is a well-formed PDF is a PDF, whatever else it contains; it is only ever
      // delivered as an application/pdf attachment with nosniff, so embedded HTML stays inert.
      [
        'a complete PDF with HTML inside',
        'poly.pdf',
        () => samplePdf({ text: '<html><script>alert(1)</script></html>' }),
        'pdf',
      ],
    ])('accepts %s as %s', async (_label, fileName, make, format) => {
      await start();
      const data = make();
      const response = await uploadFile(fileName, data, 'image/png');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ format, size: data.length, fileName });
      const id = response.json().public_id.split('/')[1];
      expect(filesIn('private')).toEqual([`${DIGITAL_FILES_FOLDER}/${id}.${format}`]);
    });

    test('stores a compression bomb as it is, never unpacking it', async () => {
      await start();
      // 64 MB of zeros deflate to about 64 KB.
      const bomb = sampleZip([{ name: 'zeros.bin', data: Buffer.alloc(64 * 1024 * 1024) }]);
      expect(bomb.length).toBeLessThan(200 * 1024);
      const response = await uploadFile('bomb.zip', bomb);
      expect(response.statusCode).toBe(201);
      expect(response.json().size).toBe(bomb.length);
      const id = response.json().public_id.split('/')[1];
      expect(
        readFileSync(path.join(t.config.dataDir, 'private', DIGITAL_FILES_FOLDER, `${id}.zip`)),
      ).toEqual(bomb);
    });
  });

  describeOnce('size and shape', () => {
    test('refuses a 0-byte file with 400', async () => {
      await start();
      const response = await uploadFile('empty.pdf', Buffer.alloc(0));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: UploadMessages.emptyFile, code: 'BAD_REQUEST' });
      await expectNothingStored();
    });

    test('accepts a file of exactly the size limit', async () => {
      await start({ maxFileBytes: 4096 });
      const pdf = samplePdf({ padTo: 4096 });
      expect(pdf.length).toBe(4096);
      const response = await uploadFile('exact.pdf', pdf);
      expect(response.statusCode).toBe(201);
      expect(response.json().size).toBe(4096);
    });

    test('refuses one byte over the limit with 413 and leaves no file', async () => {
      await start({ maxFileBytes: 4096 });
      const response = await uploadFile('big.pdf', samplePdf({ padTo: 4097 }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        message: UploadMessages.fileTooLarge,
        code: 'PAYLOAD_TOO_LARGE',
      });
      await expectNothingStored();
    });

    test('stops reading a much larger file at the limit', async () => {
      await start({ maxFileBytes: 64 * 1024 });
      const big = largeFileStream(await signedFields(), 'big.pdf', 100 * 1024 * 1024);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/file',
        payload: big.stream,
        headers: { ...big.headers, cookie: admin },
      });
      expect(response.statusCode).toBe(413);
      expect(big.pulled()).toBeLessThan(2 * 1024 * 1024);
      await expectNothingStored();
    });

    test.each(['error', 'end'] as const)(
      'an upload cut off mid-file (stream %s) leaves nothing behind',
      async (ending) => {
        await start();
        const { payload, headers } = multipartBody([
          ...(await signedFields()),
          fileEntry('guide.pdf', samplePdf({ padTo: 200 * 1024 })),
        ]);
        const stream = truncatedStream(payload, 120 * 1024, ending);
        const response = await t.app
          .inject({
            method: 'POST',
            url: '/api/uploads/file',
            payload: stream,
            headers: { ...headers, cookie: admin },
          })
          .catch((error: unknown) => error);
        if (!(response instanceof Error))
          expect((response as { statusCode: number }).statusCode).toBe(400);
        // A dropped client gets no answer; the partial temp file is removed just after.
        await vi.waitFor(() => expect(filesIn('tmp')).toEqual([]));
        await expectNothingStored();
      },
    );

    test('refuses two files with 400 and keeps neither', async () => {
      await start();
      const response = await postFile([
        ...(await signedFields()),
        fileEntry('one.pdf', samplePdf()),
        fileEntry('two.pdf', samplePdf()),
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(UploadMessages.oneFileOnly);
      await expectNothingStored();
    });

    test('refuses a signed form without a file with 400', async () => {
      await start();
      const response = await postFile(await signedFields());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(UploadMessages.missingFile);
    });

    test('refuses a file in another field with 400', async () => {
      await start();
      const response = await postFile([
        ...(await signedFields()),
        { ...fileEntry('guide.pdf', samplePdf()), name: 'document' },
      ]);
      expect(response.statusCode).toBe(400);
      await expectNothingStored();
    });

    test('refuses 10,000 form fields with 413, not a server error', async () => {
      await start();
      const fields = Array.from({ length: 10_000 }, (_, index) => ({
        name: `f${index}`,
        value: 'x',
      }));
      const response = await postFile([
        ...fields,
        ...(await signedFields()),
        fileEntry('guide.pdf', samplePdf()),
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        message: UploadMessages.formTooLarge,
        code: 'PAYLOAD_TOO_LARGE',
      });
      await expectNothingStored();
    });

    test('refuses a huge field value with 413', async () => {
      await start();
      const response = await postFile([
        ...(await signedFields({ signature: 'a'.repeat(100_000) })),
        fileEntry('guide.pdf', samplePdf()),
      ]);
      expect(response.statusCode).toBe(413);
      await expectNothingStored();
    });

    test('refuses a body that is not multipart with 415', async () => {
      await start();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/file',
        payload: { file: 'x' },
        headers: { cookie: admin },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(UploadMessages.notMultipart);
    });

    test.each([
      ['no boundary', 'multipart/form-data', 'hello', UploadMessages.malformedForm],
      [
        'garbage',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nnot a header\r\n\r\n\u0000\u0001',
        UploadMessages.malformedForm,
      ],
      [
        'an endless part header',
        'multipart/form-data; boundary=xyz',
        `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(200_000)}"\r\n\r\nx\r\n--xyz--\r\n`,
        // The file part comes before any signature field, which is refused first.
        UploadMessages.signatureAfterFile,
      ],
    ])(
      'refuses a malformed form (%s) with a 400, not a server error',
      async (_label, contentType, payload, message) => {
        await start();
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/uploads/file',
          payload,
          headers: { 'content-type': contentType, cookie: admin },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message, code: ErrorCode.badRequest });
        await expectNothingStored();
      },
    );

    test.each([
      [
        'NUL and a path',
        `form-data; name="file"; filename*=UTF-8''..%2F..%2Fetc%2Fbad%00na%01me.pdf`,
        'badname.pdf',
      ],
      [
        'a path',
        'form-data; name="file"; filename="../../private/secure-digital-products/x.pdf"',
        'x.pdf',
      ],
      [
        'Windows separators',
        'form-data; name="file"; filename="C:\\Users\\me\\guide.pdf"',
        'guide.pdf',
      ],
      [
        'a bidi override',
        `form-data; name="file"; filename*=UTF-8''invoice%E2%80%AEfdp.pdf`,
        'invoicefdp.pdf',
      ],
    ])(
      'keeps a file name with %s only as a sanitised display name',
      async (_label, disposition, expected) => {
        await start();
        const response = await postFile([
          ...(await signedFields()),
          { name: 'file', fileName: '', data: samplePdf(), disposition },
        ]);
        expect(response.statusCode, response.body).toBe(201);
        const id = response.json().public_id.split('/')[1];
        expect(response.json().fileName).toBe(expected);
        expect(filesIn('private')).toEqual([`${DIGITAL_FILES_FOLDER}/${id}.pdf`]);
      },
    );

    test('refuses a file name with CR or LF with 400 (the parser drops such a part)', async () => {
      await start();
      const response = await postFile([
        ...(await signedFields()),
        {
          name: 'file',
          fileName: '',
          data: samplePdf(),
          disposition: `form-data; name="file"; filename*=UTF-8''a%0D%0AX-Injected%3A%20yes.pdf`,
        },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-injected']).toBeUndefined();
      await expectNothingStored();
    });

    test('shortens a 10 KB file name to 255 characters, keeping the extension', async () => {
      await start();
      const response = await uploadFile(`${'n'.repeat(10_000)}.pdf`, samplePdf());
      expect(response.statusCode).toBe(201);
      const { fileName } = response.json();
      expect(fileName).toHaveLength(255);
      expect(fileName.endsWith('n.pdf')).toBe(true);
    });
  });
});

describe('upload bytes per address', () => {
  const MiB = 1024 * 1024;
  const usedBytes = async () =>
    (await t.database.db.selectFrom('uploadUsage').selectAll().execute()).reduce(
      (sum, row) => sum + row.bytes,
      0,
    );

  test('past its hourly budget an address gets 429 with Retry-After, counted in the database', async () => {
    await start({ maxBytesPerAddressPerHour: 3 * MiB });
    const first = await uploadFile('one.pdf', samplePdf({ padTo: 2.5 * MiB }));
    expect(first.statusCode).toBe(201);
    expect(await usedBytes()).toBe(2.5 * MiB);

    // The second crosses the budget part-way: it is stopped there and nothing of it is kept.
    const second = await uploadFile('two.pdf', samplePdf({ padTo: 2.5 * MiB }));
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      message: UploadMessages.tooManyUploadBytes,
      code: 'TOO_MANY_REQUESTS',
    });
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600);
    expect(retryAfter).toBeLessThanOrEqual(3660);
    expect(filesIn('private')).toHaveLength(1);
    expect(filesIn('tmp')).toEqual([]);
    // What was received counts, refused or not.
    const used = await usedBytes();
    expect(used).toBeGreaterThan(3 * MiB);
    expect(used).toBeLessThanOrEqual(5 * MiB);

    // From now on both upload routes refuse the address before reading a byte of the body.
    const big = largeFileStream(await signedFields(), 'three.pdf', 100 * MiB);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/file',
      payload: big.stream,
      headers: { ...big.headers, cookie: admin },
    });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(big.pulled()).toBeLessThan(MiB);
    const image = await postForm(
      '/api/uploads/image',
      [{ name: 'image', fileName: 'a.png', data: await sampleImage('png', 20, 20) }],
      { cookie: admin },
    );
    expect(image.statusCode).toBe(429);
    expect(await usedBytes()).toBe(used);

    // Another address has its own budget.
    const body = multipartBody([...(await signedFields()), fileEntry('four.pdf', samplePdf())]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/file',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describeOnce('a stalled upload', () => {
  const IDLE_MS = 500;

  /**
   * Sends the headers and the first `cut` bytes of a signed upload over a real socket, then
   * nothing; resolves with what the server answered and when it closed the connection.
   */
  async function stall(cut: (body: Buffer) => number) {
    const fields = await signedFields();
    const { payload, headers } = multipartBody([
      ...fields,
      fileEntry('guide.pdf', samplePdf({ padTo: 1024 * 1024 })),
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    socket.write(
      `POST /api/uploads/file HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n` +
        `Cookie: ${admin}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, cut(payload)));
    const stalledAt = Date.now();
    // Without an idle limit the server would wait for ever; the test gives up well before.
    let isGivenUp = false;
    socket.setTimeout(IDLE_MS + 5_000, () => {
      isGivenUp = true;
      socket.destroy();
    });
    await once(socket, 'close');
    return { answer, isGivenUp, closedAfterMs: Date.now() - stalledAt };
  }

  test.each<[string, (body: Buffer) => number]>([
    ['part-way through the file', (body) => body.indexOf('%PDF') + 200 * 1024],
    ['part-way through the signature fields', (body) => body.indexOf('name="signature"') + 40],
  ])(
    'sending nothing %s is cut off after the idle timeout, leaving no temp file',
    async (_label, cut) => {
      await start({ idleTimeoutMs: IDLE_MS });
      const { answer, isGivenUp, closedAfterMs } = await stall(cut);
      expect(isGivenUp, 'the server kept the stalled connection open').toBe(false);
      expect(closedAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 50);
      expect(closedAfterMs).toBeLessThan(IDLE_MS + 2_000);
      expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
      await vi.waitFor(() => expect(filesIn('tmp')).toEqual([]));
      await expectNothingStored();
    },
  );
});

describeOnce('POST /api/uploads/image', () => {
  const postImage = (entries: FormEntry[], cookie?: string) =>
    postForm('/api/uploads/image', entries, cookie ? { cookie } : {});
  const imageEntry = (
    fileName: string,
    data: Buffer | string,
    contentType = 'image/png',
    name = 'image',
  ): FormEntry => ({
    name,
    fileName,
    data,
    contentType,
  });

  test('refuses visitors (401) and buyers (403) before reading the body', async () => {
    await start();
    const { cookie } = await signUpAndSignIn(t.app);
    for (const [headers, status] of [
      [{}, 401],
      [{ cookie }, 403],
    ] as const) {
      const big = largeFileStream([], 'huge.png', 200 * 1024 * 1024);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/image',
        payload: big.stream,
        headers: { ...big.headers, ...headers },
      });
      expect(response.statusCode).toBe(status);
      expect(big.pulled()).toBeLessThan(1024 * 1024);
    }
    await expectNothingStored();
  });

  test.each<[SampleImageFormat, string]>([
    ['png', 'png'],
    ['jpeg', 'jpg'],
    ['webp', 'webp'],
    ['gif', 'gif'],
    ['avif', 'avif'],
  ])('keeps a %s original and makes the three WebP variants', async (format, extension) => {
    await start();
    const { cookie } = await signInAsAdmin(t.app);
    const data = await sampleImage(format, 2000, 1000);
    const response = await postImage(
      [{ name: 'key', value: 'ignored' }, imageEntry(`cover.${extension}`, data)],
      cookie,
    );
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    const id = url.split('/')[3];
    expect(url).toBe(`/media/images/${id}/original.${extension}`);
    expect(filesIn('public')).toEqual(
      [
        `images/${id}/original.${extension}`,
        ...Object.keys(IMAGE_VARIANTS).map((variant) => `images/${id}/${variant}.webp`),
      ].sort(),
    );
    // The original is kept in its format and size, re-encoded without metadata.
    const original = readFileSync(
      path.join(t.config.dataDir, 'public', 'images', id, `original.${extension}`),
    );
    expect(await sharp(original).metadata()).toMatchObject({
      format: format === 'avif' ? 'heif' : format,
      width: 2000,
      height: 1000,
    });
    for (const [variant, width] of Object.entries(IMAGE_VARIANTS)) {
      const meta = await sharp(
        path.join(t.config.dataDir, 'public', 'images', id, `${variant}.webp`),
      ).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
    }
    expect(filesIn('tmp')).toEqual([]);
    expect(await uploadRows()).toEqual([
      expect.objectContaining({
        id,
        kind: 'image',
        format,
        size: original.length,
        sha256: sha256(original),
        productId: null,
      }),
    ]);
  });

  /** A 400 × 200 photo, red on the left and blue on the right, with `orientation` and a GPS position. */
  async function photoWithGps(format: SampleImageFormat, orientation: number): Promise<Buffer> {
    return sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .composite([
        {
          input: {
            create: { width: 200, height: 200, channels: 3, background: '#0000ff' },
          },
          left: 200,
          top: 0,
        },
      ])
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3921/100',
        },
      })
      .withMetadata({ orientation })
      .toFormat(format)
      .toBuffer();
  }
  /** The GPS IFD pointer (tag 0x8825), in either byte order. */
  const hasGps = (exif: Buffer | undefined) =>
    exif !== undefined &&
    (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
  const colourAt = async (image: Buffer, left: number, top: number) => {
    const { data } = await sharp(image)
      .extract({ left, top, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [...data.subarray(0, 3)].map((value) => (value > 127 ? 1 : 0)).join('');
  };

  test.each<SampleImageFormat>(['jpeg', 'png', 'webp'])(
    'serves a %s without its EXIF and GPS, the original included, turned upright',
    async (format) => {
      await start();
      const data = await photoWithGps(format, 6);
      const source = await sharp(data).metadata();
      expect(source.orientation).toBe(6);
      expect(hasGps(source.exif)).toBe(true);

      const response = await postImage([imageEntry('photo', data, `image/${format}`)], admin);
      expect(response.statusCode).toBe(201);
      const { url } = response.json();
      for (const served of [
        url,
        ...Object.keys(IMAGE_VARIANTS).map((v) => imageVariantUrl(url, v as ImageVariant)),
      ]) {
        const image = (await t.app.inject({ method: 'GET', url: served })).rawPayload;
        const meta = await sharp(image).metadata();
        expect(meta.exif, served).toBeUndefined();
        expect(meta.xmp, served).toBeUndefined();
        expect(meta.iptc, served).toBeUndefined();
        expect(meta.orientation, served).toBeUndefined();
        expect(image.includes(Buffer.from('PhoneMaker')), served).toBe(false);
      }
      // Orientation 6 is a quarter turn clockwise: the left (red) half is now the top.
      const original = (await t.app.inject({ method: 'GET', url })).rawPayload;
      expect(await sharp(original).metadata()).toMatchObject({ width: 200, height: 400 });
      expect(await colourAt(original, 100, 50)).toBe('100');
      expect(await colourAt(original, 100, 350)).toBe('001');
    },
  );

  test('accepts the image in a field named file, and never enlarges a small one', async () => {
    await start();
    const { cookie } = await signInAsAdmin(t.app);
    const response = await postImage(
      [imageEntry('small.png', await sampleImage('png', 100, 80), 'image/png', 'file')],
      cookie,
    );
    expect(response.statusCode).toBe(201);
    const id = response.json().url.split('/')[3];
    for (const variant of Object.keys(IMAGE_VARIANTS)) {
      const meta = await sharp(
        path.join(t.config.dataDir, 'public', 'images', id, `${variant}.webp`),
      ).metadata();
      expect(meta.width).toBe(100);
    }
  });

  test('turns variants upright from EXIF and strips the metadata', async () => {
    await start();
    const { cookie } = await signInAsAdmin(t.app);
    // Stored 400 wide and 200 high, displayed rotated a quarter turn: 200 wide, 400 high.
    const data = await sampleImage('jpeg', 400, 200, { orientation: 6 });
    expect((await sharp(data).metadata()).orientation).toBe(6);
    const response = await postImage([imageEntry('photo.jpg', data, 'image/jpeg')], cookie);
    expect(response.statusCode).toBe(201);
    const id = response.json().url.split('/')[3];
    const meta = await sharp(
      path.join(t.config.dataDir, 'public', 'images', id, 'card.webp'),
    ).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  test.each<[string, () => Buffer | Promise<Buffer>, number, string]>([
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      415,
      UploadMessages.imageTypeNotAllowed,
    ],
    [
      'HTML sent as image/png',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      415,
      UploadMessages.imageTypeNotAllowed,
    ],
    ['a PDF', () => samplePdf(), 415, UploadMessages.imageTypeNotAllowed],
    [
      'a TIFF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
      415,
      UploadMessages.imageTypeNotAllowed,
    ],
    [
      'PNG magic followed by garbage',
      () =>
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(100, 7),
        ]),
      415,
      UploadMessages.imageTypeNotAllowed,
    ],
    [
      'a JPEG cut in half',
      async () => (await sampleImage('jpeg', 600, 400)).subarray(0, 600),
      400,
      UploadMessages.imageUnreadable,
    ],
    [
      'a PNG declaring 50,000 × 50,000 pixels',
      () => pixelFloodPng(50_000, 50_000),
      413,
      UploadMessages.imageTooManyPixels,
    ],
    ['an empty file', () => Buffer.alloc(0), 400, UploadMessages.emptyFile],
  ])('refuses %s and stores nothing', async (_label, make, status, message) => {
    await start();
    const { cookie } = await signInAsAdmin(t.app);
    const response = await postImage([imageEntry('picture.png', await make())], cookie);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    await expectNothingStored();
  });

  test('keeps an animated GIF animated: its frames, delays and loop', async () => {
    await start();
    const [width, height, frames] = [60, 40, 3];
    const pixels = Buffer.alloc(width * height * frames * 4);
    for (let index = 0; index < width * height * frames; index += 1)
      pixels.set([(index / (width * height)) * 100, 50, 200, 255], index * 4);
    const data = await sharp(pixels, {
      raw: { width, height: height * frames, channels: 4, pageHeight: height },
    })
      .gif({ delay: [100, 200, 300], loop: 0 })
      .toBuffer();
    const response = await postImage([imageEntry('spin.gif', data, 'image/gif')], admin);
    expect(response.statusCode).toBe(201);
    const original = (await t.app.inject({ method: 'GET', url: response.json().url })).rawPayload;
    expect(await sharp(original).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width,
      height,
      delay: [100, 200, 300],
      loop: 0,
    });
  });

  describe('when sharp fails', () => {
    test('a failure of ours (an encoder it cannot run) is a logged 500, a broken image the client’s 400', async () => {
      const lines: string[] = [];
      t = await buildTestApp(
        { uploads: DEFAULT_UPLOADS, logLevel: 'error' },
        { logStream: { write: (line) => void lines.push(line) } },
      );
      admin = (await signInAsAdmin(t.app)).cookie;
      const blocked = { operation: ['VipsForeignSaveWebpBuffer'] };
      sharp.block(blocked);
      let response;
      try {
        response = await postImage(
          [imageEntry('cover.png', await sampleImage('png', 300, 200))],
          admin,
        );
      } finally {
        sharp.unblock(blocked);
      }
      expect(response.statusCode).toBe(500);
      expect(response.json().code).toBe('INTERNAL_ERROR');
      expect(response.body).not.toContain('blocked');
      expect(lines.join('')).toContain('operation is blocked');
      await expectNothingStored();

      lines.length = 0;
      const broken = await postImage(
        [imageEntry('cut.jpg', (await sampleImage('jpeg', 600, 400)).subarray(0, 600))],
        admin,
      );
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe(UploadMessages.imageUnreadable);
      expect(lines).toEqual([]);
      await expectNothingStored();
    });

    test('a full disk, from the file system or from sharp, is answered 507 with a clear message', async () => {
      const fromFileSystem = await writeFile('/dev/full', 'x').catch((error: unknown) => error);
      const fromSharp = await sharp(await sampleImage('png', 20, 20))
        .toFile('/dev/full')
        .catch((error: unknown) => error);
      for (const error of [fromFileSystem, fromSharp]) {
        const failure = asStorageFailure(error);
        expect(failure).toBeInstanceOf(AppError);
        expect(failure).toMatchObject({
          statusCode: 507,
          code: 'INSUFFICIENT_STORAGE',
          message: UploadMessages.storageFull,
          cause: error,
        });
      }
      const other = new Error('EIO: i/o error, read');
      expect(asStorageFailure(other)).toBe(other);
    });
  });

  test('refuses an image over the size limit with 413', async () => {
    await start({ maxImageBytes: 2000 });
    const { cookie } = await signInAsAdmin(t.app);
    const data = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(data.length).toBeGreaterThan(2000);
    const response = await postImage([imageEntry('noise.png', data)], cookie);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UploadMessages.imageTooLarge);
    await expectNothingStored();
  });

  test('refuses two images in one request with 400', async () => {
    await start();
    const { cookie } = await signInAsAdmin(t.app);
    const png = await sampleImage('png', 20, 20);
    const response = await postImage([imageEntry('a.png', png), imageEntry('b.png', png)], cookie);
    expect(response.statusCode).toBe(400);
    await expectNothingStored();
  });

  test('refuses a cross-site upload with 403', async () => {
    await start();
    const { cookie } = await signInAsAdmin(t.app);
    const response = await postForm(
      '/api/uploads/image',
      [imageEntry('a.png', await sampleImage('png', 20, 20))],
      {
        cookie,
        origin: 'https://evil.example',
      },
    );
    expect(response.statusCode).toBe(403);
    await expectNothingStored();
  });
});

describeOnce('GET /media/images', () => {
  async function uploadImage(): Promise<{ id: string; url: string; data: Buffer }> {
    const { cookie } = await signInAsAdmin(t.app);
    const data = await sampleImage('png', 800, 600);
    const response = await postForm(
      '/api/uploads/image',
      [{ name: 'image', fileName: 'a.png', data, contentType: 'image/png' }],
      { cookie },
    );
    const { url } = response.json();
    return { id: url.split('/')[3], url, data };
  }

  test('serves the original and its variants with an image type, a year of caching and nosniff', async () => {
    await start();
    const { url, id } = await uploadImage();
    const original = await t.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.rawPayload).toEqual(
      readFileSync(path.join(t.config.dataDir, 'public', 'images', id, 'original.png')),
    );
    for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
      const response = await t.app.inject({ method: 'GET', url: imageVariantUrl(url, variant) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    }
  });

  test('answers 304 to a browser that holds the image already', async () => {
    await start();
    const { url } = await uploadImage();
    const first = await t.app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-\d+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const weak = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"x-1", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"x-1"' } });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload).toEqual(first.rawPayload);
  });

  test('never serves private files, other folders or anything outside the images', async () => {
    await start();
    const { id } = await uploadImage();
    const file = await uploadFile('secret.pdf', samplePdf({ text: 'SECRET-CONTENT' }));
    const fileId = file.json().public_id.split('/')[1];
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'SECRET-CONTENT');
    mkdirSync(path.join(t.config.dataDir, 'public', 'images', 'notes-aaaaaaaaaaaaaaaa'), {
      recursive: true,
    });
    writeFileSync(
      path.join(t.config.dataDir, 'public', 'images', 'notes-aaaaaaaaaaaaaaaa', 'original.html'),
      '<script>SECRET-CONTENT</script>',
    );
    const urls = [
      `/media/images/${fileId}/${fileId}.pdf`,
      `/media/images/..%2f..%2fprivate%2f${DIGITAL_FILES_FOLDER}/${fileId}.pdf`,
      `/media/images/${id}/..%2f..%2f..%2fprivate%2f${DIGITAL_FILES_FOLDER}%2f${fileId}.pdf`,
      `/media/images/%2e%2e/%2e%2e%2fsecret.txt`,
      `/media/images/${id}/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt`,
      `/media/images/${id}/..%252f..%252fsecret.txt`,
      `/media/images/../../secret.txt`,
      `/media/../private/${DIGITAL_FILES_FOLDER}/${fileId}.pdf`,
      `/media/private/${DIGITAL_FILES_FOLDER}/${fileId}.pdf`,
      `/private/${DIGITAL_FILES_FOLDER}/${fileId}.pdf`,
      `/uploads/${fileId}.pdf`,
      '/media/images/notes-aaaaaaaaaaaaaaaa/original.html',
      `/media/images/${id}/original.webp`,
      `/media/images/${id}/card.png`,
      `/media/images/${id}/original.constructor`,
      `/media/images/${id}/`,
      `/media/images/${id}`,
      '/media/images/AAAAAAAAAAAAAAAAAAAAAA/original.png',
      '/media/images/short/original.png',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain('SECRET-CONTENT');
    }
  });
});

describe('the uploads service', () => {
  async function uploadOne(): Promise<{ publicId: string; id: string }> {
    const response = await uploadFile('guide.pdf', samplePdf());
    const publicId = response.json().public_id as string;
    return { publicId, id: publicId.split('/')[1]! };
  }
  async function uploadPicture(): Promise<{ url: string; id: string }> {
    const { cookie } = await signInAsAdmin(t.app);
    const data = await sampleImage('jpeg', 300, 200);
    const response = await postForm(
      '/api/uploads/image',
      [{ name: 'image', fileName: 'p.jpg', data, contentType: 'image/jpeg' }],
      { cookie },
    );
    const { url } = response.json();
    return { url, id: url.split('/')[3] };
  }
  const age = (ids: string[], ms: number) =>
    t.database.db
      .updateTable('uploads')
      .set({ createdAt: Date.now() - ms })
      .where('id', 'in', ids)
      .execute();

  test('finds uploads by public_id and by URL, and nothing for other shapes', async () => {
    await start();
    const file = await uploadOne();
    const image = await uploadPicture();
    expect(await t.app.uploads.findFile(file.publicId)).toMatchObject({
      id: file.id,
      publicId: file.publicId,
      secureUrl: `private://${file.publicId}.pdf`,
      format: 'pdf',
      fileName: 'guide.pdf',
      productId: null,
    });
    expect(await t.app.uploads.findImageByUrl(image.url)).toMatchObject({
      id: image.id,
      url: image.url,
      format: 'jpeg',
    });
    expect(await t.app.uploads.findFile(file.id)).toBeUndefined();
    expect(await t.app.uploads.findFile(`${DIGITAL_FILES_FOLDER}/${image.id}`)).toBeUndefined();
    expect(await t.app.uploads.findImageByUrl(image.url.replace('.jpg', '.png'))).toBeUndefined();
    expect(await t.app.uploads.findImageByUrl(imageVariantUrl(image.url, 'card'))).toBeUndefined();
    expect(
      await t.app.uploads.findImageByUrl(`https://elsewhere.example${image.url}`),
    ).toBeUndefined();
  });

  test('attaches uploads to one product only, all or none', async () => {
    await start();
    const file = await uploadOne();
    const image = await uploadPicture();
    await t.app.uploads.attachToProduct([file.id, image.id], 'product-a');
    // Attaching again to the same product is fine.
    await t.app.uploads.attachToProduct([file.id], 'product-a');
    const other = await uploadOne();
    await expect(
      t.app.uploads.attachToProduct([other.id, image.id], 'product-b'),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await t.app.uploads.findFile(other.publicId))?.productId).toBeNull();
    await expect(
      t.app.uploads.attachToProduct(['missing-id-00000000'], 'product-b'),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  test('deleting uploads removes the file, the image with its variants, and the rows', async () => {
    await start();
    const file = await uploadOne();
    const image = await uploadPicture();
    const kept = await uploadOne();
    await t.app.uploads.attachToProduct([file.id, image.id], 'product-a');
    await t.app.uploads.attachToProduct([kept.id], 'product-b');
    await t.app.uploads.deleteForProduct('product-a');
    expect(filesIn('public')).toEqual([]);
    expect(filesIn('private')).toEqual([`${DIGITAL_FILES_FOLDER}/${kept.id}.pdf`]);
    expect((await uploadRows()).map((row) => row.id)).toEqual([kept.id]);
    // Only what the product holds is deleted: another product's upload stays.
    await t.app.uploads.deleteFromProduct([kept.id], 'product-a');
    expect((await uploadRows()).map((row) => row.id)).toEqual([kept.id]);
    await t.app.uploads.deleteFromProduct([kept.id], 'product-b');
    await expectNothingStored();
  });

  test('the sweep removes uploads no product took within a day, with their files', async () => {
    await start();
    const stale = await uploadOne();
    const staleImage = await uploadPicture();
    const attached = await uploadOne();
    const fresh = await uploadOne();
    await t.app.uploads.attachToProduct([attached.id], 'product-a');
    await age([stale.id, staleImage.id, attached.id], 25 * HOUR);
    await age([fresh.id], 23 * HOUR);
    expect(await t.app.uploads.sweepOrphans(24 * HOUR)).toBe(2);
    expect(filesIn('public')).toEqual([]);
    expect(filesIn('private')).toEqual(
      [
        `${DIGITAL_FILES_FOLDER}/${attached.id}.pdf`,
        `${DIGITAL_FILES_FOLDER}/${fresh.id}.pdf`,
      ].sort(),
    );
    expect((await uploadRows()).map((row) => row.id).sort()).toEqual(
      [attached.id, fresh.id].sort(),
    );
    expect(await t.app.uploads.sweepOrphans(24 * HOUR)).toBe(0);
  });

  test('opens a digital file whole or by byte range', async () => {
    await start();
    const pdf = samplePdf();
    const response = await uploadFile('guide.pdf', pdf);
    const publicId = response.json().public_id;
    const read = async (range?: { start?: number; end?: number }) => {
      const file = await t.app.uploads.openFile(publicId, range);
      if (!file) throw new Error('missing');
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return { ...file, data: Buffer.concat(chunks) };
    };
    const whole = await read();
    expect(whole).toMatchObject({
      size: pdf.length,
      start: 0,
      end: pdf.length - 1,
      format: 'pdf',
      fileName: 'guide.pdf',
      contentType: 'application/pdf',
    });
    expect(whole.data).toEqual(pdf);
    expect((await read({ start: 0, end: 99 })).data).toEqual(pdf.subarray(0, 100));
    expect((await read({ start: 100 })).data).toEqual(pdf.subarray(100));
    await expect(t.app.uploads.openFile(publicId, { start: pdf.length })).rejects.toThrow(/range/);
    expect(
      await t.app.uploads.openFile(`${DIGITAL_FILES_FOLDER}/AAAAAAAAAAAAAAAAAAAAAA`),
    ).toBeUndefined();
  });
});

describe('start-up', () => {
  test('removes temporary files a crash left behind', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-test-'));
    mkdirSync(path.join(dataDir, 'tmp'));
    writeFileSync(path.join(dataDir, 'tmp', 'abandoned.part'), 'half an upload');
    t = await buildTestApp({ dataDir });
    expect(filesIn('tmp')).toEqual([]);
  });
});
