import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { READ_CHUNK_BYTES } from './file-range-stream.js';
import { createLocalStorage } from './local.js';
import { bytes, chunksOf, describeStorageContract } from './storage-contract.js';
import type { Storage, StorageArea } from './storage.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file (not folder) under `dir`, as a key, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

describeStorageContract('local', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bindery-storage-'));
  return {
    storage: createLocalStorage(root),
    listTemp: async () => readdirSync(path.join(root, 'tmp')),
    listKeys: async (area: StorageArea) => filesUnder(path.join(root, area)),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe('on the local disk', () => {
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

  test('a received file waits in tmp/, private to the server, and is the local file handed out', async () => {
    const data = bytes(1000);
    const pending = await storage.receive(chunksOf(data, 100), { maxBytes: 1000 });
    const [name] = tmpFiles();
    const tempPath = path.join(root, 'tmp', name!);
    expect(statSync(tempPath).mode & 0o777).toBe(0o600);
    expect(await pending.withLocalFile(async (file) => file)).toBe(tempPath);
    await pending.commit('public', 'images/a/original.png');
    // The store serves public images itself: they and their folders are its alone, as private ones.
    for (const dir of ['public', 'public/images', 'public/images/a', 'private']) {
      expect([dir, modeOf(path.join(root, dir))]).toEqual([dir, 0o700]);
    }
    expect(modeOf(path.join(root, 'public', 'images', 'a', 'original.png'))).toBe(0o600);
    await storage.write('public', 'images/a/card.webp', bytes(10));
    expect(modeOf(path.join(root, 'public', 'images', 'a', 'card.webp'))).toBe(0o600);
    const privateFile = await storage.receive(chunksOf(data, 100), { maxBytes: 1000 });
    await privateFile.commit('private', 'files/a.pdf');
    expect(modeOf(path.join(root, 'private', 'files'))).toBe(0o700);
    expect(modeOf(path.join(root, 'private', 'files', 'a.pdf'))).toBe(0o600);
  });

  test('public images an older store left readable by everyone are made private at start', async () => {
    const older = mkdtempSync(path.join(os.tmpdir(), 'bindery-storage-older-'));
    try {
      const image = path.join(older, 'public', 'images', 'b', 'original.jpg');
      mkdirSync(path.dirname(image), { recursive: true });
      writeFileSync(image, 'jpeg');
      for (const dir of ['public', 'public/images', 'public/images/b']) {
        chmodSync(path.join(older, dir), 0o755);
      }
      chmodSync(image, 0o644);
      createLocalStorage(older);
      for (const dir of ['public', 'public/images', 'public/images/b']) {
        expect([dir, modeOf(path.join(older, dir))]).toEqual([dir, 0o700]);
      }
      expect(modeOf(image)).toBe(0o600);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });

  test('refused keys never reach a file outside the storage', async () => {
    writeFileSync(path.join(root, 'secret.txt'), 'secret');
    for (const key of ['../secret.txt', 'images/../../secret.txt', '%2e%2e/secret.txt']) {
      await expect(storage.write('public', key, bytes(1))).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete('public', key)).rejects.toThrow(/invalid storage key/);
    }
    await expect(storage.delete('public', '../')).rejects.toThrow(/invalid storage key/);
    expect(readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('secret');
  });

  test('a deleted prefix leaves its parent folder', async () => {
    await storage.write('public', 'images/a/original.png', bytes(3));
    await storage.write('public', 'images/b/original.png', bytes(3));
    await storage.delete('public', 'images/a/');
    await storage.delete('public', 'images/b/original.png');
    expect(readdirSync(path.join(root, 'public', 'images'))).toEqual(['b']);
    expect(readdirSync(path.join(root, 'public', 'images', 'b'))).toEqual([]);
  });

  describe('objects larger than a read', () => {
    const large = randomBytes(16 * READ_CHUNK_BYTES + 12_345);
    beforeEach(async () => {
      await storage.write('private', 'files/large.zip', large);
    });

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

    test('a reader that goes away closes the file, even through a bare pipe', async () => {
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

  test('hands out no download URLs: the store streams private files itself', async () => {
    await storage.write('private', 'files/a.pdf', bytes(3));
    expect(storage.sharing).toBe('local');
    expect(
      await storage.signedDownloadUrl('files/a.pdf', {
        expiresInSeconds: 60,
        contentType: 'application/pdf',
        contentDisposition: 'attachment',
      }),
    ).toBeUndefined();
  });

  test('says it is unreachable when one of its folders is gone', async () => {
    expect(await storage.isReachable()).toBe(true);
    rmSync(path.join(root, 'public'), { recursive: true, force: true });
    expect(await storage.isReachable()).toBe(false);
  });
});
