import { connect, type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, testConfig, type TestApp } from '../test/build-test-app.js';
import { multipartBody } from '../test/multipart.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(http: Partial<ReturnType<typeof testConfig>['http']>) {
  t = await buildTestApp({ http: { ...testConfig().http, ...http } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** Writes `text` and then nothing more; resolves with what came back and when the socket closed. */
function stall(port: number, text: string): Promise<{ answer: string; afterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 10 s; got: ${answer}`));
    }, 10_000).unref();
  });
}

describe('slow clients', () => {
  test('a body that stops arriving → 408 { message, code } and the connection closed', async () => {
    const port = await listening({ requestTimeoutMs: 400 });
    const { answer, afterMs } = await stall(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 200\r\n\r\n{"email":"a',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'The request took too long to arrive.',
      code: 'REQUEST_TIMEOUT',
    });
    expect(afterMs).toBeLessThan(3000);
  });

  test('headers that stop arriving → the connection is closed', async () => {
    const port = await listening({ headersTimeoutMs: 300 });
    const { answer, afterMs } = await stall(port, 'GET /api/health HTTP/1.1\r\nHost: local');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(3000);
  });

  test('a request that arrives in time is not cut, however long its answer takes to read', async () => {
    const port = await listening({ requestTimeoutMs: 300 });
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('uploads', () => {
  test('making an image’s variants after the body has arrived is not cut off by the idle timeout', async () => {
    t = await buildTestApp({ uploads: { ...testConfig().uploads, idleTimeoutMs: 150 } });
    const admin = await signInAsAdmin(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // 36 megapixels in a small file: decoding, re-encoding and three WebP variants take a while.
    const image = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: '#3a6ea5' },
    })
      .png()
      .toBuffer();
    const form = multipartBody([
      { name: 'image', fileName: 'noise.png', data: image, contentType: 'image/png' },
    ]);
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/uploads/image`, {
      method: 'POST',
      headers: { ...form.headers, cookie: admin.cookie, 'sec-fetch-site': 'same-origin' },
      body: form.payload,
    });
    // The work itself took longer than the idle limit, so the limit was really in the way.
    expect(Date.now() - started).toBeGreaterThan(150);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { url: string }).url).toMatch(/^\/media\/images\//);
  });
});
