import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { AccessLog } from '../lib/access-log.js';
import { buildTestApp, signInAsAdmin, type TestApp } from '../test/build-test-app.js';
import { createTestProduct } from '../test/factories.js';
import { createFastLane, type LaneRoute } from './fast-lane.js';
import { securityHeadersFor } from './security.js';
import { createStoreAddress } from './store-address.js';

// Answers the lane works out through a route (decision 041, the sixth pass): a first-time search
// answered without Fastify, as the route would answer it; anything the route would answer
// otherwise is left to it.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function request(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const sent = http.request(new URL(path, base), { method, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A lane in front of an "app" that answers every request it gets with `app`, and what it logs. */
async function laneServer(route: LaneRoute) {
  const config = { isSecure: false, publicUrl: 'http://localhost', isPublicUrlSet: false };
  const lane = createFastLane({
    securityHeaders: securityHeadersFor(config),
    storeAddress: createStoreAddress({ ...config, allowedHosts: [] }),
    sessionCookieName: 'bindery_session',
  });
  lane.computes('/api/products', route);
  const logged: unknown[][] = [];
  const logger = { isLevelEnabled: () => true } as unknown as FastifyBaseLogger;
  lane.logTo(logger, { completed: (...line: unknown[]) => logged.push(line) } as AccessLog);
  const server = lane.createServer((_request, response) => response.end('app'), {
    http: {},
    keepAliveTimeout: 1000,
    requestTimeout: 0,
    connectionTimeout: 0,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lane, base, logged };
}

const worked = (body: string) => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(body),
});

describe('answers the lane works out through a route', () => {
  test('a path a route works out is answered by the lane, with the security headers and a log line', async () => {
    const asked: string[][] = [];
    const { base, logged } = await laneServer((target, query) => {
      asked.push([target, query]);
      return Promise.resolve(worked('{"products":[]}'));
    });
    const answer = await request(base, '/api/products?search=owl%20moon&page=2');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"products":[]}');
    expect(answer.headers['content-length']).toBe('15');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(asked).toEqual([['/api/products?search=owl%20moon&page=2', 'search=owl%20moon&page=2']]);
    expect(logged).toEqual([
      [
        expect.any(String),
        'GET',
        '/api/products?search=owl%20moon&page=2',
        200,
        expect.any(Number),
        false,
      ],
    ]);
    // Without a query too.
    expect((await request(base, '/api/products')).body).toBe('{"products":[]}');
    expect(asked[1]).toEqual(['/api/products', '']);
  });

  test('what the route leaves, fails or throws on goes to the app', async () => {
    const { base } = await laneServer((_target, query) => {
      if (query === 'leave') return undefined;
      if (query === 'throw') throw new Error('thrown');
      if (query === 'fail') return Promise.reject(new Error('failed'));
      return Promise.resolve(worked('lane'));
    });
    for (const query of ['leave', 'throw', 'fail']) {
      expect((await request(base, `/api/products?${query}`)).body).toBe('app');
    }
    expect((await request(base, '/api/products?ok')).body).toBe('lane');
  });

  test('another path, a session, forwarded headers, another method or a closed lane go to the app', async () => {
    const { lane, base } = await laneServer(() => Promise.resolve(worked('lane')));
    for (const path of ['/api/products/', '/api/product%73?page=1', '/api/products/x', '/api']) {
      expect((await request(base, path)).body).toBe('app');
    }
    const aside: Array<[Record<string, string>, string]> = [
      [{ cookie: 'theme=dark; bindery_session=abc' }, 'GET'],
      [{ 'x-forwarded-host': 'localhost' }, 'GET'],
      [{ 'x-forwarded-proto': 'https' }, 'GET'],
      [{ host: 'elsewhere.example' }, 'GET'],
      [{}, 'HEAD'],
      [{}, 'POST'],
    ];
    for (const [headers, method] of aside) {
      const answer = await request(base, '/api/products?page=1', headers, method);
      expect(answer.body === 'app' || (method === 'HEAD' && answer.body === '')).toBe(true);
      if (method === 'HEAD') expect(answer.headers['content-length']).toBeUndefined();
    }
    expect((await request(base, '/api/products?page=1', { cookie: 'theme=dark' })).body).toBe(
      'lane',
    );
    // Shutting down, the lane leaves every request to the app, kept answers too.
    lane.remember('/kept', () => ({ status: 200, headers: {}, body: Buffer.from('kept') }));
    expect((await request(base, '/kept')).body).toBe('kept');
    lane.close();
    expect((await request(base, '/api/products?page=1')).body).toBe('app');
    expect((await request(base, '/kept')).body).toBe('app');
  });
});

describe('a first-time search through the store', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test('is the route’s answer, byte for byte and header for header; a query it refuses gets its 400', async () => {
    t = await buildTestApp({ logLevel: 'silent' });
    const admin = await signInAsAdmin(t.app);
    for (const title of ['Owl Atlas', 'Moon Owl', 'Sea Chart']) {
      await createTestProduct(t.app, admin.cookie, { title });
    }
    await t.app.catalog.checkForChanges();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const path = '/api/products?search=owl&limit=1&page=2';

    const fromLane = await request(base, path);
    // Forwarded headers send the same request through Fastify (the store trusts no proxy here).
    const fromRoute = await request(base, path, { 'x-forwarded-proto': 'http' });
    expect(fromLane.status).toBe(200);
    expect(JSON.parse(fromLane.body)).toMatchObject({
      products: [{ title: 'Owl Atlas' }],
      page: 2,
      pages: 2,
      total: 2,
    });
    const { date: _laneDate, ...laneHeaders } = fromLane.headers;
    const { date: _routeDate, ...routeHeaders } = fromRoute.headers;
    expect(laneHeaders).toEqual(routeHeaders);
    expect(fromLane.body).toBe(fromRoute.body);

    for (const refused of [
      '/api/products?page=0',
      '/api/products?limit=x',
      '/api/products?page=1&page=2',
    ]) {
      const answer = await request(base, refused);
      const viaRoute = await request(base, refused, { 'x-forwarded-proto': 'http' });
      expect(answer.status).toBe(400);
      expect(answer.body).toBe(viaRoute.body);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  test('one the lane fails to work out is answered by the route after all', async () => {
    t = await buildTestApp({ logLevel: 'silent' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const asked = vi
      .spyOn(t.app.catalog, 'productListAnswer')
      .mockRejectedValueOnce(new Error('the lane’s try fails'));
    const answer = await request(base, '/api/products?search=owl');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ products: [], total: 0 });
    // The lane asked first (and failed), the route then asked again.
    expect(asked).toHaveBeenCalledTimes(2);
  });
});
