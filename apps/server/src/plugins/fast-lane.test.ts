import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import type { Config } from '../config.js';
import { buildTestApp, signInAsAdmin, type TestApp } from '../test/build-test-app.js';
import { createTestProduct } from '../test/factories.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET (or other method) over a fresh connection, with exactly the headers given. */
function request(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(new URL(path, base), { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The headers of an answer, without the ones that name the moment it was sent. */
function lasting(headers: IncomingHttpHeaders) {
  const { date: _date, ...rest } = headers;
  return rest;
}

interface LogLine {
  msg: string;
  kept?: boolean;
  reqId?: string;
  req?: { method: string; url: string; reqId: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/**
 * Runs the catalogue's check for changes now, as its watcher would within 250 ms: the check
 * drops the kept answers once more after a write, which would make the next request a route's
 * again. Once it has seen the last write, a later check finds nothing new.
 */
const settle = () => t!.app.catalog.checkForChanges();

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The real app listening on a port, with its access log collected. */
async function listening(overrides: Partial<Config> = {}) {
  const lines: LogLine[] = [];
  t = await buildTestApp(
    { logLevel: 'info', ...overrides },
    { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  /** The access-log lines of requests answered since the last call, oldest first. */
  const completed = () => {
    const found = lines.filter((line) => line.msg === 'request completed');
    lines.length = 0;
    return found;
  };
  return { app: t.app, base, completed };
}

describe('the kept-answer lane', () => {
  test('a catalogue page asked for again is sent from memory, byte for byte and header for header as the route sent it', async () => {
    const { app, base, completed } = await listening();
    const admin = await signInAsAdmin(app);
    for (let index = 0; index < 3; index += 1) {
      await createTestProduct(app, admin.cookie, {
        title: `Field Guide ${index}`,
        // Long enough that a page of two is worth compressing.
        description: 'A practical guide to the plants of the field and the hedge. '.repeat(12),
      });
    }
    await settle();
    completed();

    for (const headers of <Array<Record<string, string>>>[
      {},
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'gzip' },
    ]) {
      const fromRoute = await request(base, '/api/products?page=1&limit=2', headers);
      const fromLane = await request(base, '/api/products?page=1&limit=2', headers);
      expect(fromRoute.status).toBe(200);
      expect(fromLane.status).toBe(200);
      expect(lasting(fromLane.headers)).toEqual(lasting(fromRoute.headers));
      expect(fromLane.body.equals(fromRoute.body)).toBe(true);
    }
    const plain = await request(base, '/api/products?page=1&limit=2');
    expect(JSON.parse(plain.body.toString()).products).toHaveLength(2);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    const br = await request(base, '/api/products?page=1&limit=2', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    // The route answered the first of each pair (once per encoding: it remembers the target, not
    // the encoding), the lane every request after.
    expect(completed().map((line) => line.kept ?? false)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  test('the lane answers 304 to a client holding the answer, as the route does', async () => {
    const { app, base, completed } = await listening();
    const admin = await signInAsAdmin(app);
    const product = await createTestProduct(app, admin.cookie, { title: 'Atlas' });
    await settle();
    const first = await request(base, `/api/products/${product._id}`);
    const etag = first.headers.etag!;
    completed();

    const fromLane = await request(base, `/api/products/${product._id}`, { 'if-none-match': etag });
    expect(fromLane.status).toBe(304);
    expect(fromLane.body.length).toBe(0);
    expect(fromLane.headers.etag).toBe(etag);
    expect(fromLane.headers['cache-control']).toBe('public, no-cache');
    expect(fromLane.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(completed()).toEqual([
      expect.objectContaining({ kept: true, res: { statusCode: 304 } }),
    ]);
  });

  test('its access-log line is the route’s line, with kept: true', async () => {
    const { base, completed } = await listening();
    await request(base, '/api/products?page=1');
    await request(base, '/api/products?page=1');
    const [fromRoute, fromLane] = completed();
    expect(fromRoute!.kept).toBeUndefined();
    expect(Object.keys(fromLane!).sort()).toEqual([...Object.keys(fromRoute!), 'kept'].sort());
    expect(fromLane).toMatchObject({
      kept: true,
      req: { method: 'GET', url: '/api/products?page=1', reqId: fromLane!.reqId },
      res: { statusCode: 200 },
    });
    expect(fromLane!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fromLane!.reqId).not.toBe(fromRoute!.reqId);
    expect(fromLane!.responseTime).toBeGreaterThanOrEqual(0);
  });

  test('a search is sent as kept from its third ask: the second keeps it', async () => {
    const { base, completed } = await listening();
    const path = '/api/products?search=atlas';
    const bodies = [];
    for (let ask = 0; ask < 4; ask += 1) bodies.push((await request(base, path)).body.toString());
    expect(new Set(bodies).size).toBe(1);
    expect(completed().map((line) => line.kept ?? false)).toEqual([false, false, true, true]);
  });

  test('after a product changes, the next request shows the change: the lane never sends an answer the catalogue dropped', async () => {
    const { app, base, completed } = await listening();
    const admin = await signInAsAdmin(app);
    const product = await createTestProduct(app, admin.cookie, { title: 'Old Title' });
    await request(base, `/api/products/${product._id}`);
    await request(base, '/api/products?page=1');
    expect(JSON.parse((await request(base, '/api/products?page=1')).body.toString())).toMatchObject(
      { products: [{ title: 'Old Title' }] },
    );

    const update = await app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin.cookie },
      payload: {
        title: 'New Title',
        subtitle: product.subtitle,
        description: product.description,
        price: product.price,
      },
    });
    expect(update.statusCode).toBe(200);
    await settle();
    completed();

    const page = await request(base, '/api/products?page=1');
    const one = await request(base, `/api/products/${product._id}`);
    expect(JSON.parse(page.body.toString())).toMatchObject({ products: [{ title: 'New Title' }] });
    expect(JSON.parse(one.body.toString())).toMatchObject({ title: 'New Title' });
    // Both went back through the routes, which remembered the new answers for the lane.
    expect(completed().map((line) => line.kept ?? false)).toEqual([false, false]);
    await request(base, '/api/products?page=1');
    expect(completed().map((line) => line.kept ?? false)).toEqual([true]);
  });

  test('a request with a session cookie goes through the routes: the admin still sees the file reference', async () => {
    const { app, base, completed } = await listening();
    const admin = await signInAsAdmin(app);
    const product = await createTestProduct(app, admin.cookie, { title: 'Private File' });
    await settle();
    await request(base, `/api/products/${product._id}`);
    const visitor = await request(base, `/api/products/${product._id}`);
    expect(JSON.parse(visitor.body.toString()).digitalFile.public_id).toBeUndefined();
    completed();

    const asAdmin = await request(base, `/api/products/${product._id}`, {
      cookie: `theme=dark; ${admin.cookie}`,
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse(asAdmin.body.toString()).digitalFile.public_id).toEqual(expect.any(String));
    expect(completed()).toEqual([expect.objectContaining({ res: { statusCode: 200 } })]);
    expect(completed()).toEqual([]);
  });

  test('a remembered page asked for under a host the store does not answer to gets the route’s 421', async () => {
    const { base, completed } = await listening();
    await request(base, '/api/products?page=1');
    await request(base, '/api/products?page=1');
    completed();

    const misdirected = await request(base, '/api/products?page=1', { host: 'rebound.example' });
    expect(misdirected.status).toBe(421);
    expect(JSON.parse(misdirected.body.toString())).toMatchObject({ code: 'MISDIRECTED_REQUEST' });
    expect(completed()).toEqual([expect.not.objectContaining({ kept: true })]);
  });

  test('with PUBLIC_URL set, a remembered page asked for under another host is redirected there', async () => {
    const { base } = await listening({
      publicUrl: 'https://shop.example.com',
      isPublicUrlSet: true,
    });
    const own = { host: 'shop.example.com' };
    expect((await request(base, '/api/products?page=1', own)).status).toBe(200);
    expect((await request(base, '/api/products?page=1', own)).status).toBe(200);

    const elsewhere = await request(base, '/api/products?page=1', { host: '127.0.0.1' });
    expect(elsewhere.status).toBe(308);
    expect(elsewhere.headers.location).toBe('https://shop.example.com/api/products?page=1');
  });

  test('forwarded headers, HEAD and a GET carrying a body are left to the routes', async () => {
    const { base, completed } = await listening({ trustProxy: true });
    await request(base, '/api/products?page=1');
    completed();

    const forwarded = await request(base, '/api/products?page=1', {
      'x-forwarded-host': 'rebound.example',
    });
    expect(forwarded.status).toBe(421);
    const head = await request(base, '/api/products?page=1', {}, 'HEAD');
    expect(head.status).toBe(200);
    const withBody = await request(
      base,
      '/api/products?page=1',
      { 'content-type': 'application/json', 'content-length': '2' },
      'GET',
      '{}',
    );
    expect(withBody.status).toBe(200);
    expect(completed().map((line) => line.kept ?? false)).toEqual([false, false, false]);
  });
});
