import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { testDb } from '../../test/build-test-app.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { createS3Storage } from './s3.js';
import {
  chunksOf,
  describeStorageContract,
  endlessSource,
  failingSource,
  sha256,
} from './storage-contract.js';
import { ObjectTooLargeError, SourceFailedError, type Storage } from './storage.js';

const MiB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;

// The bucket's tests use no database: they run once, in the SQLite project.
describe.skipIf(testDb === 'postgres')('S3-compatible bucket', () => {
  describeStorageContract('S3', async () => {
    const server = await startS3Server();
    return {
      storage: await createS3Storage(server.options),
      listTemp: async () => [
        ...(await server.listKeys('tmp/')),
        ...(await server.listUploads()).map((upload) => `unfinished upload of ${upload.key}`),
      ],
      listKeys: async (area) =>
        (await server.listKeys(`${area}/`)).map((key) => key.slice(area.length + 1)),
      close: () => server.close(),
    };
  });

  describe('in s3rver', () => {
    let server: S3TestServer;
    let storage: Storage;
    /** A client of its own, to look at the bucket the way S3 shows it. */
    let client: S3Client;
    beforeEach(async () => {
      server = await startS3Server();
      storage = await createS3Storage(server.options);
      client = new S3Client({ ...server.options });
    });
    afterEach(async () => {
      client.destroy();
      await server.close();
    });

    const requestsFor = (method: string, query: RegExp) =>
      server.requests.filter((request) => request.method === method && query.test(request.url));

    /** Objects under tmp/ and unfinished multipart uploads, as S3's listings show them. */
    async function leftovers() {
      const objects = await client.send(
        new ListObjectsV2Command({ Bucket: server.bucket, Prefix: 'tmp/' }),
      );
      const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }));
      return {
        objects: (objects.Contents ?? []).map((object) => object.Key),
        uploads: (uploads.Uploads ?? []).map((upload) => upload.Key),
      };
    }

    test('a large upload goes up in parts and round-trips with its sha256', async () => {
      const data = randomBytes(20 * MiB + 123);
      const pending = await storage.receive(chunksOf(data, 64 * 1024), {
        maxBytes: 100 * MiB,
      });
      expect(pending.size).toBe(data.length);
      expect(pending.sha256).toBe(sha256(data));
      // One multipart upload of three 8 MiB parts (the last shorter), then completed.
      expect(requestsFor('POST', /\?uploads/)).toHaveLength(1);
      expect(requestsFor('PUT', /[?&]partNumber=\d+/)).toHaveLength(3);
      expect(requestsFor('POST', /\?uploadId=/)).toHaveLength(1);
      expect(requestsFor('PUT', /[?&]x-id=PutObject/)).toEqual([]);
      expect(await pending.read(20 * MiB, 200)).toEqual(data.subarray(20 * MiB));
      await pending.commit('private', 'files/big.zip');
      expect((await server.readObject('private/files/big.zip'))?.equals(data)).toBe(true);
      expect(await leftovers()).toEqual({ objects: [], uploads: [] });
      // One copy inside the bucket: the bytes never came back through the store.
      expect(
        requestsFor('PUT', /^\/bindery-test\/private\/files\/big\.zip\?x-id=CopyObject$/),
      ).toEqual([
        expect.objectContaining({ copySource: expect.stringMatching(/^bindery-test\/tmp\//) }),
      ]);
    });

    test('a small upload goes up in one request', async () => {
      const data = randomBytes(1000);
      const pending = await storage.receive(chunksOf(data, 100), { maxBytes: 100 * MiB });
      expect(requestsFor('POST', /\?uploads/)).toEqual([]);
      expect(requestsFor('PUT', /^\/bindery-test\/tmp\/[^?]+\?x-id=PutObject$/)).toHaveLength(1);
      await pending.commit('public', 'images/a/original.png');
      expect(await server.readObject('public/images/a/original.png')).toEqual(data);
    });

    test('an upload refused past maxBytes stops reading and leaves no object and no unfinished upload', async () => {
      const { source, produced } = endlessSource();
      await expect(storage.receive(source, { maxBytes: 20 * MiB })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      expect(source.destroyed).toBe(true);
      expect(produced()).toBeLessThan(20 * MiB + 64 * 1024);
      // Parts had gone up: the multipart upload was begun, then aborted.
      expect(requestsFor('PUT', /[?&]partNumber=\d+/).length).toBeGreaterThanOrEqual(1);
      expect(requestsFor('DELETE', /\?uploadId=/)).toHaveLength(1);
      expect(await leftovers()).toEqual({ objects: [], uploads: [] });
      expect(await server.listUploads()).toEqual([]);
    });

    test('a source failing part-way leaves no object and no unfinished upload', async () => {
      const error = await storage
        .receive(failingSource(12 * MiB), { maxBytes: 100 * MiB })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SourceFailedError);
      expect((error as Error).cause).toMatchObject({ message: 'connection reset' });
      expect(requestsFor('PUT', /[?&]partNumber=1&/)).toHaveLength(1);
      expect(requestsFor('DELETE', /\?uploadId=/)).toHaveLength(1);
      expect(await leftovers()).toEqual({ objects: [], uploads: [] });
      expect(await server.listUploads()).toEqual([]);
    });

    test('a commit larger than one copy may be goes in parts, and appears whole', async () => {
      const inParts = await createS3Storage({ ...server.options, copyPartBytes: 5 * MiB });
      const data = randomBytes(12 * MiB + 5);
      const pending = await inParts.receive(chunksOf(data, 64 * 1024), { maxBytes: 100 * MiB });
      await pending.commit('private', 'files/huge.zip');
      expect(
        requestsFor('PUT', /^\/bindery-test\/private\/files\/huge\.zip\?/).map(
          (request) => request.copySourceRange,
        ),
      ).toEqual([
        `bytes=0-${5 * MiB - 1}`,
        `bytes=${5 * MiB}-${10 * MiB - 1}`,
        `bytes=${10 * MiB}-${12 * MiB + 4}`,
      ]);
      expect((await server.readObject('private/files/huge.zip'))?.equals(data)).toBe(true);
      expect(await leftovers()).toEqual({ objects: [], uploads: [] });
    });

    test('withLocalFile makes a private copy in a folder of its own and removes it, even on failure', async () => {
      const data = randomBytes(3000);
      const pending = await storage.receive(chunksOf(data, 1000), { maxBytes: 3000 });
      let seen = '';
      await expect(
        pending.withLocalFile(async (file) => {
          seen = file;
          expect(readFileSync(file)).toEqual(data);
          expect(statSync(file).mode & 0o777).toBe(0o600);
          expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
          throw new Error('not an image');
        }),
      ).rejects.toThrow('not an image');
      expect(seen).not.toBe('');
      expect(existsSync(path.dirname(seen))).toBe(false);
      await pending.discard();
    });

    test('a presigned URL serves the private object with the headers asked for, and ranges', async () => {
      const data = randomBytes(1000);
      await storage.write('private', 'files/guide.pdf', data);
      const url = await storage.signedDownloadUrl('files/guide.pdf', {
        expiresInSeconds: 300,
        contentType: 'application/pdf',
        contentDisposition: `attachment; filename="Field Guide.pdf"; filename*=UTF-8''Field%20Guide.pdf`,
      });
      const address = new URL(url!);
      expect(`${address.origin}${address.pathname}`).toBe(
        `${server.endpoint}/bindery-test/private/files/guide.pdf`,
      );
      expect(address.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(address.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

      const whole = await fetch(url!);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('application/pdf');
      expect(whole.headers.get('content-disposition')).toBe(
        `attachment; filename="Field Guide.pdf"; filename*=UTF-8''Field%20Guide.pdf`,
      );
      expect(whole.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(data);

      const part = await fetch(url!, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
      expect(part.headers.get('content-disposition')).toMatch(/^attachment; filename="Field/);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(data.subarray(100, 200));
      await expect(storage.signedDownloadUrl('../public/x', {} as never)).rejects.toThrow(
        /invalid storage key/,
      );
    });

    test('sweepTemp removes old temporary objects and aborts old unfinished uploads, keeping fresh ones and what is not its own', async () => {
      const startUpload = async (key: string) => {
        const { UploadId } = await client.send(
          new CreateMultipartUploadCommand({ Bucket: server.bucket, Key: key }),
        );
        await client.send(
          new UploadPartCommand({
            Bucket: server.bucket,
            Key: key,
            UploadId,
            PartNumber: 1,
            Body: randomBytes(1000),
          }),
        );
      };
      const old = await storage.receive(Readable.from([randomBytes(10)]), { maxBytes: 10 });
      await startUpload('tmp/old-upload');
      // A large commit a stopped process left, and what another program keeps in the bucket.
      await startUpload('private/files/half-copied.zip');
      await startUpload('backups/db.tar');
      await client.send(
        new PutObjectCommand({ Bucket: server.bucket, Key: 'tmp-notes.txt', Body: 'x' }),
      );
      await server.backdate(new Date(Date.now() - 2 * HOUR));
      const fresh = await storage.receive(Readable.from([randomBytes(10)]), { maxBytes: 10 });
      await startUpload('tmp/fresh-upload');

      expect(await storage.sweepTemp(HOUR)).toBe(3);
      await expect(old.read(0, 10)).rejects.toThrow();
      expect((await fresh.read(0, 10)).length).toBe(10);
      expect((await leftovers()).uploads).toEqual(['backups/db.tar', 'tmp/fresh-upload']);

      expect(await storage.sweepTemp()).toBe(2);
      expect(await leftovers()).toEqual({ objects: [], uploads: ['backups/db.tar'] });
      expect(await server.listKeys()).toEqual(['tmp-notes.txt']);
    });

    test('is unreachable once the server is gone, or without its bucket', async () => {
      const elsewhere = await createS3Storage({ ...server.options, bucket: 'no-such-bucket' });
      expect(await elsewhere.isReachable()).toBe(false);
      expect(await storage.isReachable()).toBe(true);
      await server.close();
      expect(await storage.isReachable()).toBe(false);
      server = await startS3Server();
    });

    test('a bucket that never answers is unreachable within seconds, not never', async () => {
      const sockets: net.Socket[] = [];
      const silent = net.createServer((socket) => void sockets.push(socket));
      silent.listen(0, '127.0.0.1');
      await once(silent, 'listening');
      try {
        const { port } = silent.address() as AddressInfo;
        const hung = await createS3Storage({
          ...server.options,
          endpoint: `http://127.0.0.1:${port}`,
        });
        const startedAt = Date.now();
        expect(await hung.isReachable()).toBe(false);
        expect(Date.now() - startedAt).toBeLessThan(5_000);
      } finally {
        for (const socket of sockets) socket.destroy();
        silent.close();
      }
    });
  });
});
