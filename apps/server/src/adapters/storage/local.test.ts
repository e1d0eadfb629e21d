import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { READ_CHUNK_BYTES } from './file-range-stream.js';
import { createLocalStorage } from './local.js';
import {
  InvalidRangeError,
  ObjectTooLargeError,
  SourceFailedError,
  type Storage,
} from './storage.js';

let root: string;
let storage: Storage;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bindery-storage-'));
  storage = createLocalStorage(root);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const tmpFiles = () => readdirSync(path.join(root, 'tmp'));
const bytes = (size: number) =>
  Buffer.from(Array.from({ length: size }, (_, index) => index % 251));
const chunksOf = (data: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) =>
      data.subarray(i * size, (i + 1) * size),
    ),
  );

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('receive', () => {
  test('counts and hashes the bytes, and commit moves them into place', async () => {
    const data = bytes(300_000);
    const pending = await storage.receive(chunksOf(data, 7_000), { maxBytes: 300_000 });
    expect(pending.size).toBe(300_000);
    expect(pending.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(await pending.read(299_990, 100)).toEqual(data.subarray(299_990));
    expect(tmpFiles()).toHaveLength(1);
    await pending.commit('private', 'files/abc.pdf');
    expect(readFileSync(path.join(root, 'private', 'files', 'abc.pdf'))).toEqual(data);
    expect(tmpFiles()).toEqual([]);
    await pending.discard();
    expect(existsSync(path.join(root, 'private', 'files', 'abc.pdf'))).toBe(true);
    await expect(pending.commit('private', 'files/again.pdf')).rejects.toThrow(/committed/);
  });

  test('discard removes the temporary copy', async () => {
    const pending = await storage.receive(chunksOf(bytes(10), 4), { maxBytes: 10 });
    await pending.discard();
    await pending.discard();
    expect(tmpFiles()).toEqual([]);
    await expect(pending.commit('public', 'x/y.png')).rejects.toThrow(/discarded/);
  });

  test('stops at the first byte over the limit, stops the source and leaves nothing', async () => {
    let produced = 0;
    const source = Readable.from(
      (function* () {
        for (;;) {
          produced += 1024;
          yield Buffer.alloc(1024);
        }
      })(),
    );
    await expect(storage.receive(source, { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(source.destroyed).toBe(true);
    expect(produced).toBeLessThan(64 * 1024);
    expect(tmpFiles()).toEqual([]);
  });

  test('a failing source leaves nothing and says so', async () => {
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    const error = await storage
      .receive(source, { maxBytes: 1e6 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceFailedError);
    expect((error as Error).cause).toMatchObject({ message: 'connection reset' });
    expect(tmpFiles()).toEqual([]);
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
    expect(
      await readAll((await storage.openRead('private', 'files/a.zip', { start: 990 }))!.stream),
    ).toEqual(data.subarray(990));
    for (const range of [
      { start: 1000 },
      { start: 5, end: 4 },
      { start: -1, end: 3 },
      { start: 0, end: 1000 },
      { start: 0.5 },
    ]) {
      await expect(storage.openRead('private', 'files/a.zip', range)).rejects.toBeInstanceOf(
        InvalidRangeError,
      );
    }
  });

  test('a missing object, or a folder, is undefined', async () => {
    await storage.write('public', 'images/x/card.webp', bytes(5));
    expect(await storage.openRead('public', 'images/x/none.webp')).toBeUndefined();
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
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } finally {
      server.close();
    }
  }

  test('are read a whole chunk at a time, the last one shorter', async () => {
    const object = await storage.openRead('private', 'files/large.zip');
    const sizes: number[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of object!.stream) {
      sizes.push((chunk as Buffer).length);
      chunks.push(chunk as Buffer);
    }
    expect(sizes).toEqual([...Array<number>(16).fill(READ_CHUNK_BYTES), 12_345]);
    expect(Buffer.concat(chunks).equals(large)).toBe(true);
  });

  test('arrive whole and exact over a socket', async () => {
    expect((await fetchOverHttp()).equals(large)).toBe(true);
  });

  test('a range across chunk boundaries arrives exact over a socket', async () => {
    const range = { start: READ_CHUNK_BYTES - 7, end: 14 * READ_CHUNK_BYTES + 5 };
    const body = await fetchOverHttp(range);
    expect(body.equals(large.subarray(range.start, range.end + 1))).toBe(true);
  });

  test('a reader that goes away closes the file', async () => {
    const object = await storage.openRead('private', 'files/large.zip');
    const server = http.createServer((_request, response) => object!.stream.pipe(response));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const request = http.get(`http://127.0.0.1:${port}/`);
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      await once(response, 'data');
      request.destroy();
      await once(object!.stream, 'close');
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
    writeFileSync(path.join(root, 'secret.txt'), 'secret');
    await expect(storage.write('public', key, bytes(1))).rejects.toThrow(/invalid storage key/);
    await expect(storage.openRead('public', key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.stat('public', key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.delete('public', key)).rejects.toThrow(/invalid storage key/);
    expect(readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('secret');
  });

  test('deletes one object or everything under a prefix, and nothing else', async () => {
    await storage.write('public', 'images/a/original.png', bytes(3));
    await storage.write('public', 'images/a/card.webp', bytes(3));
    await storage.write('public', 'images/b/original.png', bytes(3));
    await storage.delete('public', 'images/b/original.png');
    await storage.delete('public', 'images/a/');
    await storage.delete('public', 'images/missing/');
    // A prefix names objects to delete, never one to write or read.
    await expect(storage.write('public', 'images/c/', bytes(1))).rejects.toThrow(
      /invalid storage key/,
    );
    await expect(storage.openRead('public', 'images/b/')).rejects.toThrow(/invalid storage key/);
    expect(readdirSync(path.join(root, 'public', 'images'))).toEqual(['b']);
    expect(readdirSync(path.join(root, 'public', 'images', 'b'))).toEqual([]);
  });
});

test('sweepTemp removes temporary files, or only old ones', async () => {
  writeFileSync(path.join(root, 'tmp', 'old.part'), 'x');
  writeFileSync(path.join(root, 'tmp', 'new.part'), 'x');
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  utimesSync(path.join(root, 'tmp', 'old.part'), hourAgo, hourAgo);
  expect(await storage.sweepTemp(30 * 60 * 1000)).toBe(1);
  expect(tmpFiles()).toEqual(['new.part']);
  expect(await storage.sweepTemp()).toBe(1);
  expect(tmpFiles()).toEqual([]);
});

test('is reachable while its folders are there, and says so when one is gone', async () => {
  expect(await storage.isReachable()).toBe(true);
  rmSync(path.join(root, 'public'), { recursive: true, force: true });
  expect(await storage.isReachable()).toBe(false);
});
