import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
let port: number;
const lines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  t = await buildTestApp(
    { logLevel: 'info' },
    {
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** Sends the start of a request, then drops the connection once `drop` says so. */
function sendAndDrop(raw: string, drop: (socket: ReturnType<typeof connect>) => void) {
  return new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(raw);
      drop(socket);
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve());
  });
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} in ${JSON.stringify(lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a client that drops its connection mid-body is one info line, not an error with a stack', async () => {
  lines.length = 0;
  await sendAndDrop(
    [
      'POST /api/auth/login HTTP/1.1',
      'Host: localhost',
      'Content-Type: application/json',
      'Content-Length: 1000',
      '',
      '{"email":',
    ].join('\r\n'),
    // Once the server holds the headers and has started on the request.
    (socket) => t.app.server.once('request', () => setImmediate(() => socket.destroy())),
  );
  const line = await waitFor(
    () => lines.find((entry) => entry.msg === 'the client went away mid-request'),
    'abort line',
  );
  expect(line).toMatchObject({ level: 30, code: 'ECONNRESET' });
  expect(JSON.stringify(line)).not.toContain('stack');
  expect(lines.filter((entry) => (entry.level as number) >= 40)).toEqual([]);
});
