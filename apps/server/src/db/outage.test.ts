import { afterEach, describe, expect, inject, test } from 'vitest';
import { buildApp } from '../app.js';
import { createScratchDatabase, testConfig, testDb } from '../test/build-test-app.js';
import { startTcpProxy } from '../test/tcp-proxy.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from './errors.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh database reached through a proxy the test can cut. */
async function databaseBehindProxy() {
  const scratch = await createScratchDatabase('bindery_outage');
  cleanups.push(() => scratch.drop());
  const adminUrl = new URL(inject('postgresUrl'));
  const proxy = await startTcpProxy({ host: adminUrl.hostname, port: Number(adminUrl.port) });
  cleanups.push(() => proxy.close());
  const url = new URL(scratch.url);
  url.host = `127.0.0.1:${proxy.port}`;
  return { proxy, url: url.toString() };
}

async function startApp(url: string) {
  const app = await buildApp(testConfig({ database: { kind: 'postgres', url } }));
  cleanups.push(() => app.close());
  await app.ready();
  return app;
}

/** Asks until the answer has the status (the app reconnects by itself), for at most 15 s. */
async function eventually(ask: () => Promise<number>, status: number) {
  const deadline = Date.now() + 15_000;
  let last = 0;
  while (Date.now() < deadline) {
    last = await ask();
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

describe.skipIf(testDb !== 'postgres')('PostgreSQL unreachable', () => {
  test('mid-run: 503 with a clear message and Retry-After, then it recovers by itself', async () => {
    const { proxy, url } = await databaseBehindProxy();
    const app = await startApp(url);
    // A page never asked for before, so the answer comes from the database, not from memory.
    let page = 0;
    const products = () => app.inject({ method: 'GET', url: `/api/products?page=${++page}` });
    expect((await products()).statusCode).toBe(200);

    proxy.down();
    const down = await products();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: DATABASE_UNAVAILABLE_MESSAGE,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(down.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    proxy.up();
    expect(await eventually(async () => (await products()).statusCode, 200)).toBe(200);
  });

  test('at start: the store serves 503 instead of exiting, and serves normally once it is back', async () => {
    const { proxy, url } = await databaseBehindProxy();
    proxy.down();
    const app = await startApp(url);
    expect(app.isDatabaseReady()).toBe(false);
    const down = await app.inject({ method: 'GET', url: '/api/products' });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);

    proxy.up();
    await app.whenDatabaseReady();
    expect((await app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
  });
});
