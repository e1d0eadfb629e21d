import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

test('live: the process answers; ready: the database and the file storage answer', async () => {
  t = await buildTestApp();
  const live = await get('/api/health/live');
  expect(live.statusCode).toBe(200);
  expect(live.json()).toEqual({ status: 'ok' });
  const ready = await get('/api/health/ready');
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  // A load balancer probes by address, not by the store's name.
  for (const url of ['/api/health/live', '/api/health/ready']) {
    const probe = await t.app.inject({ method: 'GET', url, headers: { host: '10.0.0.7:3000' } });
    expect(probe.statusCode).toBe(200);
  }
});

test('file storage gone: not ready (503, Retry-After), still live', async () => {
  t = await buildTestApp();
  rmSync(path.join(t.config.dataDir, 'private'), { recursive: true, force: true });
  const ready = await get('/api/health/ready');
  expect(ready.statusCode).toBe(503);
  expect(ready.headers['retry-after']).toBe('5');
  expect(ready.json()).toEqual({
    message: 'Not ready: the file storage is unreachable.',
    code: 'SERVICE_UNAVAILABLE',
    status: 'not ready',
    database: 'ok',
    storage: 'unreachable',
  });
  expect((await get('/api/health/live')).statusCode).toBe(200);
});

test('database gone: not ready, still live', async () => {
  t = await buildTestApp();
  await t.database.close();
  const ready = await get('/api/health/ready');
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({
    message: 'Not ready: the database is unreachable.',
    database: 'unreachable',
    storage: 'ok',
  });
  expect((await get('/api/health/live')).statusCode).toBe(200);
  // close() again in afterEach must not fail on a closed database
  t.database.close = async () => {};
});
