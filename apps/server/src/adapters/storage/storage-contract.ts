import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { READ_CHUNK_BYTES } from './file-range-stream.js';
import {
  InvalidRangeError,
  ObjectTooLargeError,
  SourceFailedError,
  type Storage,
  type StorageArea,
} from './storage.js';

/** A storage to test, and ways to look at it from outside its interface. */
export interface StorageUnderTest {
  storage: Storage;
  /** Temporary objects the storage holds (in a bucket, unfinished multipart uploads too). */
  listTemp(): Promise<string[]>;
  /** Keys of every object in an area, sorted. */
  listKeys(area: StorageArea): Promise<string[]>;
  close(): Promise<void>;
}

export const bytes = (size: number) =>
  Buffer.from(Array.from({ length: size }, (_, index) => index % 251));

export const chunksOf = (data: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) =>
      data.subarray(i * size, (i + 1) * size),
    ),
  );

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An endless source of 1 KiB chunks; `produced()` tells how many bytes were pulled from it. */
export function endlessSource() {
  let produced = 0;
  const source = Readable.from(
    (function* () {
      for (;;) {
        produced += 1024;
        yield Buffer.alloc(1024);
      }
    })(),
  );
  return { source, produced: () => produced };
}

/** A source that sends `bytesBefore` bytes, then fails as a client that goes away. */
export function failingSource(bytesBefore: number) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytesBefore) {
        this.destroy(new Error('connection reset'));
        return;
      }
      const chunk = Buffer.alloc(Math.min(64 * 1024, bytesBefore - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/** What every storage does, whatever keeps the bytes: the tests both adapters pass. */
export function describeStorageContract(
  name: string,
  setup: () => Promise<StorageUnderTest>,
): void {
  describe(`${name} storage`, () => {
    let t: StorageUnderTest;
    let storage: Storage;
    beforeEach(async () => {
      t = await setup();
      storage = t.storage;
    });
    afterEach(async () => {
      await t.close();
    });

    const contentOf = async (area: StorageArea, key: string) => {
      const object = await storage.openRead(area, key);
      return object && readAll(object.stream);
    };

    describe('receive', () => {
      test('counts and hashes the bytes, and commit moves them into place', async () => {
        const data = bytes(300_000);
        const pending = await storage.receive(chunksOf(data, 7_000), { maxBytes: 300_000 });
        expect(pending.size).toBe(300_000);
        expect(pending.sha256).toBe(sha256(data));
        expect(await pending.read(299_990, 100)).toEqual(data.subarray(299_990));
        expect(await pending.read(1000, 16)).toEqual(data.subarray(1000, 1016));
        expect(await pending.read(300_000, 16)).toEqual(Buffer.alloc(0));
        expect(await t.listTemp()).toHaveLength(1);
        expect(await t.listKeys('private')).toEqual([]);
        await pending.commit('private', 'files/abc.pdf');
        expect(await contentOf('private', 'files/abc.pdf')).toEqual(data);
        expect(await t.listTemp()).toEqual([]);
        await pending.discard();
        expect(await storage.stat('private', 'files/abc.pdf')).toEqual({ size: 300_000 });
        await expect(pending.commit('private', 'files/again.pdf')).rejects.toThrow(/committed/);
        await expect(pending.withLocalFile(async () => {})).rejects.toThrow(/committed/);
      });

      test('discard removes the temporary copy', async () => {
        const pending = await storage.receive(chunksOf(bytes(10), 4), { maxBytes: 10 });
        await pending.discard();
        await pending.discard();
        expect(await t.listTemp()).toEqual([]);
        await expect(pending.commit('public', 'x/y.png')).rejects.toThrow(/discarded/);
        await expect(pending.withLocalFile(async () => {})).rejects.toThrow(/discarded/);
      });

      test('hands work that needs a file a local file holding the bytes', async () => {
        const data = bytes(5_000);
        const pending = await storage.receive(chunksOf(data, 1_000), { maxBytes: 5_000 });
        const seen = await pending.withLocalFile(async (file) => readFile(file));
        expect(seen).toEqual(data);
        await expect(
          pending.withLocalFile(async () => {
            throw new Error('decoder failed');
          }),
        ).rejects.toThrow('decoder failed');
        await pending.commit('public', 'images/a/original.png');
        expect(await contentOf('public', 'images/a/original.png')).toEqual(data);
      });

      test('keeps an empty upload, which has no byte ranges', async () => {
        const pending = await storage.receive(Readable.from([]), { maxBytes: 10 });
        expect(pending.size).toBe(0);
        expect(pending.sha256).toBe(sha256(Buffer.alloc(0)));
        expect(await pending.read(0, 10)).toEqual(Buffer.alloc(0));
        await pending.commit('private', 'files/empty.pdf');
        const whole = await storage.openRead('private', 'files/empty.pdf');
        expect(whole).toMatchObject({ size: 0, start: 0, end: -1 });
        expect(await readAll(whole!.stream)).toEqual(Buffer.alloc(0));
        for (const range of [{ start: 0 }, { start: 0, end: 0 }, { end: 0 }]) {
          await expect(storage.openRead('private', 'files/empty.pdf', range)).rejects.toMatchObject(
            { name: 'InvalidRangeError', size: 0 },
          );
        }
      });

      test('stops at the first byte over the limit, stops the source and leaves nothing', async () => {
        const { source, produced } = endlessSource();
        await expect(storage.receive(source, { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(
          ObjectTooLargeError,
        );
        expect(source.destroyed).toBe(true);
        expect(produced()).toBeLessThan(64 * 1024);
        expect(await t.listTemp()).toEqual([]);
      });

      test('a failing source leaves nothing and says so', async () => {
        const error = await storage
          .receive(failingSource(1000), { maxBytes: 1e6 })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(SourceFailedError);
        expect((error as Error).cause).toMatchObject({ message: 'connection reset' });
        expect(await t.listTemp()).toEqual([]);
      });
    });

    describe('reads', () => {
      test('opens whole objects and inclusive byte ranges', async () => {
        const data = bytes(1000);
        await storage.write('private', 'files/a.zip', data);
        const whole = await storage.openRead('private', 'files/a.zip');
        expect(whole).toMatchObject({ size: 1000, start: 0, end: 999 });
        expect(await readAll(whole!.stream)).toEqual(data);
        const part = await storage.openRead('private', 'files/a.zip', { start: 10, end: 19 });
        expect(part).toMatchObject({ size: 1000, start: 10, end: 19 });
        expect(await readAll(part!.stream)).toEqual(data.subarray(10, 20));
        const tail = await storage.openRead('private', 'files/a.zip', { start: 990 });
        expect(tail).toMatchObject({ size: 1000, start: 990, end: 999 });
        expect(await readAll(tail!.stream)).toEqual(data.subarray(990));
        const head = await storage.openRead('private', 'files/a.zip', { end: 9 });
        expect(head).toMatchObject({ size: 1000, start: 0, end: 9 });
        expect(await readAll(head!.stream)).toEqual(data.subarray(0, 10));
        const all = await storage.openRead('private', 'files/a.zip', {});
        expect(all).toMatchObject({ size: 1000, start: 0, end: 999 });
        expect(await readAll(all!.stream)).toEqual(data);
        for (const range of [
          { start: 1000 },
          { start: 5, end: 4 },
          { start: -1, end: 3 },
          { start: 0, end: 1000 },
          { start: 0.5 },
        ]) {
          const error = await storage
            .openRead('private', 'files/a.zip', range)
            .catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(InvalidRangeError);
          expect((error as InvalidRangeError).size).toBe(1000);
        }
      });

      test('a missing object, or a folder, is undefined', async () => {
        await storage.write('public', 'images/x/card.webp', bytes(5));
        expect(await storage.openRead('public', 'images/x/none.webp')).toBeUndefined();
        expect(
          await storage.openRead('public', 'images/x/none.webp', { start: 1 }),
        ).toBeUndefined();
        expect(await storage.openRead('public', 'images/x')).toBeUndefined();
        expect(await storage.stat('public', 'images/x')).toBeUndefined();
        expect(await storage.stat('public', 'images/x/card.webp')).toEqual({ size: 5 });
        expect(await storage.openRead('private', 'images/x/card.webp')).toBeUndefined();
      });
    });

    describe('objects larger than a read', () => {
      // More than the loopback's socket buffers hold, so a slow reader leaves writes pending.
      const large = randomBytes(16 * READ_CHUNK_BYTES + 12_345);
      beforeEach(async () => {
        await storage.write('private', 'files/large.zip', large);
      });

      /**
       * Serves one read of the object over a real socket, as a download does, to a reader that
       * waits a moment before reading (so writes are still pending when the next chunk is read).
       */
      async function fetchOverHttp(range?: { start: number; end: number }) {
        const server = http.createServer((_request, response) => {
          void storage.openRead('private', 'files/large.zip', range).then((object) => {
            response.writeHead(200, { 'content-length': object!.end - object!.start + 1 });
            object!.stream.pipe(response);
          });
        });
        server.listen(0, '127.0.0.1');
        await once(server, 'listening');
        try {
          const { port } = server.address() as AddressInfo;
          const request = http.get(`http://127.0.0.1:${port}/`);
          const [response] = (await once(request, 'response')) as [http.IncomingMessage];
          response.pause();
          await new Promise((resolve) => setTimeout(resolve, 200));
          return await readAll(response);
        } finally {
          server.close();
        }
      }

      test('arrive whole and exact over a socket', async () => {
        expect((await fetchOverHttp()).equals(large)).toBe(true);
      });

      test('a range across chunk boundaries arrives exact over a socket', async () => {
        const range = { start: READ_CHUNK_BYTES - 7, end: 14 * READ_CHUNK_BYTES + 5 };
        const body = await fetchOverHttp(range);
        expect(body.equals(large.subarray(range.start, range.end + 1))).toBe(true);
      });

      test('a reader that goes away ends the read, as the store sends it (a pipeline)', async () => {
        const object = await storage.openRead('private', 'files/large.zip');
        const server = http.createServer(
          (_request, response) => void pipeline(object!.stream, response).catch(() => {}),
        );
        server.listen(0, '127.0.0.1');
        await once(server, 'listening');
        try {
          const { port } = server.address() as AddressInfo;
          const request = http.get(`http://127.0.0.1:${port}/`);
          const [response] = (await once(request, 'response')) as [http.IncomingMessage];
          await once(response, 'data');
          request.destroy();
          // The pipeline ends the stream with an error (premature close), not just a close.
          await new Promise((resolve) => object!.stream.once('close', resolve));
          expect(object!.stream.destroyed).toBe(true);
        } finally {
          server.close();
        }
      });
    });

    describe('keys', () => {
      test.each([
        '../secret.txt',
        'images/../../secret.txt',
        '/etc/passwd',
        '',
        'images//a.png',
        '.hidden',
        'images/.',
        'images/..',
        'images\\..\\..\\secret.txt',
        '%2e%2e/secret.txt',
        'images/a b.png',
      ])('refuses %j', async (key) => {
        await expect(storage.write('public', key, bytes(1))).rejects.toThrow(/invalid storage key/);
        await expect(storage.openRead('public', key)).rejects.toThrow(/invalid storage key/);
        await expect(storage.stat('public', key)).rejects.toThrow(/invalid storage key/);
        await expect(storage.delete('public', key)).rejects.toThrow(/invalid storage key/);
        const pending = await storage.receive(Readable.from([bytes(3)]), { maxBytes: 3 });
        await expect(pending.commit('private', key)).rejects.toThrow(/invalid storage key/);
        await pending.discard();
        expect(await t.listKeys('public')).toEqual([]);
        expect(await t.listKeys('private')).toEqual([]);
      });

      test('deletes one object or everything under a prefix, and nothing else', async () => {
        for (const key of [
          'images/a/original.png',
          'images/a/card.webp',
          'images/ab/original.png',
          'images/b/original.png',
          'images/b/card.webp',
        ]) {
          await storage.write('public', key, bytes(3));
        }
        await storage.write('private', 'images/a/original.png', bytes(3));
        await storage.delete('public', 'images/b/original.png');
        await storage.delete('public', 'images/a/');
        await storage.delete('public', 'images/missing/');
        await storage.delete('public', 'images/missing.png');
        // A prefix names objects to delete, never one to write or read.
        await expect(storage.write('public', 'images/c/', bytes(1))).rejects.toThrow(
          /invalid storage key/,
        );
        await expect(storage.openRead('public', 'images/b/')).rejects.toThrow(
          /invalid storage key/,
        );
        expect(await t.listKeys('public')).toEqual([
          'images/ab/original.png',
          'images/b/card.webp',
        ]);
        expect(await t.listKeys('private')).toEqual(['images/a/original.png']);
      });
    });

    test('lists every object of an area with its size, and nothing of the other or of tmp', async () => {
      await storage.write('public', 'images/a/original.png', bytes(3));
      await storage.write('public', 'images/a/card.webp', bytes(2));
      await storage.write('public', 'robots', bytes(0));
      await storage.write('private', 'files/a.pdf', bytes(7));
      const pending = await storage.receive(Readable.from([bytes(5)]), { maxBytes: 5 });
      const listed = async (area: StorageArea) => {
        const objects = [];
        for await (const object of storage.list(area)) objects.push(object);
        return objects.sort((a, b) => a.key.localeCompare(b.key));
      };
      expect(await listed('public')).toEqual([
        { key: 'images/a/card.webp', size: 2 },
        { key: 'images/a/original.png', size: 3 },
        { key: 'robots', size: 0 },
      ]);
      expect(await listed('private')).toEqual([{ key: 'files/a.pdf', size: 7 }]);
      await pending.discard();
    });

    test('sweepTemp keeps fresh temporary objects when given an age, and removes all without', async () => {
      const pending = await storage.receive(Readable.from([bytes(10)]), { maxBytes: 10 });
      expect(await storage.sweepTemp(30 * 60 * 1000)).toBe(0);
      expect(await pending.read(0, 10)).toEqual(bytes(10));
      expect(await storage.sweepTemp()).toBe(1);
      expect(await t.listTemp()).toEqual([]);
    });

    test('is reachable', async () => {
      expect(await storage.isReachable()).toBe(true);
    });
  });
}
