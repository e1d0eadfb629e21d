import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { WEB_BUILD_ASSET, WEB_BUILD_SCRIPT, writeWebBuild } from '../test/web-build.js';
import { KeptPages, pickEncoding } from './web-app.js';

const SCRIPT = WEB_BUILD_SCRIPT;
const ASSET = WEB_BUILD_ASSET;

let t: TestApp;
let dist: string;

const sizeOf = (name: string) => statSync(path.join(dist, 'assets', name)).size;

beforeAll(async () => {
  dist = writeWebBuild();
  t = await buildTestApp({ storeName: 'Paper Trail', webDistDir: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('hashed assets', () => {
  test('go out as the brotli copy when the browser takes brotli, cached for a year', async () => {
    const response = await get(ASSET, 'gzip, deflate, br, zstd');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(sizeOf('index-abc123.js.br')));
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  test('go out as the gzip copy when the browser takes gzip but not brotli', async () => {
    const response = await get(ASSET, 'gzip, deflate');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(sizeOf('index-abc123.js.gz')));
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  test.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
    ['brotli and gzip refused', 'br;q=0, gzip;q=0'],
  ])('go out as they are with %s', async (_, acceptEncoding) => {
    const response = await get(ASSET, acceptEncoding);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.body).toBe(SCRIPT);
  });

  test('HEAD answers the headers of the copy it would send, without a body', async () => {
    const response = await get(ASSET, 'br', 'HEAD');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(sizeOf('index-abc123.js.br')));
    expect(response.rawPayload).toHaveLength(0);
  });

  test('a missing asset is a 404 in any encoding', async () => {
    const response = await get('/store/assets/missing-1.js', 'gzip, br');

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'File not found.', code: 'NOT_FOUND' });
  });

  test('asking for a compressed copy by name gets its bytes as they are, never a 500', async () => {
    const response = await get(`${ASSET}.br`, 'br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });
});

describe('index.html', () => {
  test('is sent brotli-compressed, with the store settings, to a browser that takes brotli', async () => {
    const response = await get('/store/login', 'gzip, br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // Signed in, the page carries the user (app-pages.test.ts).
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain(
      '<title>Paper Trail</title>',
    );
  });

  test('is sent gzip-compressed when brotli is not taken', async () => {
    const response = await get('/store/', 'gzip');

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(gunzipSync(response.rawPayload).toString()).toContain('<title>Paper Trail</title>');
  });

  test('is sent as it is without Accept-Encoding, and HEAD still works', async () => {
    const response = await get('/store/login');
    const head = await get('/store/login', undefined, 'HEAD');

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<title>Paper Trail</title>');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(head.rawPayload).toHaveLength(0);
  });
});

describe('pickEncoding', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.1, gzip;q=0.9', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('kept pages', () => {
  const page = (bytes: number) => ({
    identity: Buffer.alloc(bytes),
    br: Buffer.alloc(0),
    gzip: Buffer.alloc(0),
  });

  test('stay within their budget, dropping the least recently used first', () => {
    const kept = new KeptPages(300);
    kept.set('a', page(100));
    kept.set('b', page(100));
    kept.set('c', page(100));
    expect(kept.get('a')).toBeDefined(); // now the most recently used
    kept.set('d', page(100));
    expect(kept.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => kept.get(key) !== undefined)).toEqual([true, true, true]);
    // The same key again replaces its page without counting it twice.
    kept.set('d', page(100));
    expect(['a', 'c', 'd'].map((key) => kept.get(key) !== undefined)).toEqual([true, true, true]);
    // A page larger than the whole budget is not kept, and drops nothing.
    kept.set('huge', page(301));
    expect(kept.get('huge')).toBeUndefined();
    expect(kept.get('a')).toBeDefined();
  });
});
