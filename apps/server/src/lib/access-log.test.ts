import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { prettyLogStream } from './log-format.js';

const TOKEN = 'bGluay10b2tlbi1mb3ItdGhlLWFjY2Vzcy1sb2ctdGVzdA';

let t: TestApp;
let base: string;
let lines: string[];

beforeAll(async () => {
  lines = [];
  t = await buildTestApp(
    { logLevel: 'info' },
    { logStream: { write: (line) => lines.push(line) } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The JSON lines written since the last call. */
function written(): Array<Record<string, unknown>> {
  return lines.splice(0).map((line) => JSON.parse(line) as Record<string, unknown>);
}

test('a request’s line holds exactly the fields it always held, in the same order, with pino’s own', async () => {
  const before = Date.now();
  await fetch(`${base}/api/products?page=1&limit=5`); // the route
  await fetch(`${base}/api/products?page=1&limit=5`); // the kept-answer lane
  await fetch(`${base}/api/nothing-here`);
  const after = Date.now();

  const all = written();
  const requests = all.filter((line) => line.msg === 'request completed');
  expect(requests).toHaveLength(3);
  const keys = ['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime'];
  expect(Object.keys(requests[0]!)).toEqual([...keys, 'msg']);
  expect(Object.keys(requests[1]!)).toEqual([...keys, 'kept', 'msg']);
  expect(Object.keys(requests[2]!)).toEqual([...keys, 'msg']);
  // pino's base fields, as on its own lines (the one saying where the server listens).
  const listening = all.find((line) => String(line.msg).startsWith('Server listening at'));
  expect(listening).toMatchObject({ level: 30, pid: process.pid, hostname: os.hostname() });
  for (const [index, [url, status]] of [
    ['/api/products?page=1&limit=5', 200],
    ['/api/products?page=1&limit=5', 200],
    ['/api/nothing-here', 404],
  ].entries()) {
    const line = requests[index]!;
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: os.hostname(),
      reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      req: { method: 'GET', url, reqId: line.reqId },
      res: { statusCode: status },
      responseTime: expect.any(Number),
      ...(index === 1 ? { kept: true } : {}),
      msg: 'request completed',
    });
    expect(Object.keys(line.req as object)).toEqual(['method', 'url', 'reqId']);
    expect(line.time).toBeGreaterThanOrEqual(before);
    expect(line.time).toBeLessThanOrEqual(after);
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
  }
});

test('a download link’s token stays out of the line, in JSON and on a terminal', async () => {
  await fetch(`${base}/api/downloads/${TOKEN}`);
  await fetch(`${base}/store/reset-password?token=${TOKEN}`);
  const requests = written().filter((line) => line.msg === 'request completed');
  expect(requests.map((line) => (line.req as { url: string }).url)).toEqual([
    '/api/downloads/[redacted]',
    '/store/reset-password?token=[redacted]',
  ]);

  // LOG_FORMAT=pretty: the same request as one short line, made from its record.
  const shown: string[] = [];
  const terminal = await buildTestApp(
    { logLevel: 'info' },
    { logStream: prettyLogStream({ write: (text: string) => shown.push(text) }) },
  );
  try {
    await terminal.app.inject({ method: 'GET', url: `/api/downloads/${TOKEN}` });
  } finally {
    await terminal.close();
  }
  expect(shown.filter((text) => text.includes(' GET '))).toEqual([
    expect.stringMatching(
      /^\d\d:\d\d:\d\d GET \/api\/downloads\/\[redacted\] 403 \d+(\.\d)? ms\n$/,
    ),
  ]);
  expect(lines.join('') + shown.join('')).not.toContain(TOKEN);
});
