import { connect, type AddressInfo } from 'node:net';
import { ErrorBodySchema, ErrorCode } from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
let port: number;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/**
 * Sends raw bytes and reads the first answer whole (by its Content-Length, or to the end of a
 * chunked body), keeping the sending side open: a client that half-closes at once may have the
 * answer dropped, which would test the socket rather than the server.
 */
function send(
  raw: string | Buffer,
): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    const finish = () => {
      const head = text.indexOf('\r\n\r\n');
      if (head < 0) return false;
      const headers = text.slice(0, head);
      const rest = text.slice(head + 4);
      const length = /content-length: (\d+)/i.exec(headers)?.[1];
      let payload: string | undefined;
      if (length !== undefined && Buffer.byteLength(rest, 'latin1') >= Number(length)) {
        payload = rest.slice(0, Number(length));
      } else if (/transfer-encoding: chunked/i.test(headers) && rest.includes('\r\n0\r\n\r\n')) {
        payload = rest.slice(rest.indexOf('\r\n') + 2, rest.lastIndexOf('\r\n0\r\n'));
      }
      if (payload === undefined) return false;
      socket.destroy();
      const fields = headers.split('\r\n').slice(1);
      try {
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
          body: JSON.parse(payload),
          headers: Object.fromEntries(
            fields.map((field) => [
              field.slice(0, field.indexOf(':')).toLowerCase(),
              field.slice(field.indexOf(':') + 1).trim(),
            ]),
          ),
        });
      } catch {
        reject(new Error(`not JSON: ${text}`));
      }
      return true;
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      finish();
    });
    socket.on('close', () => {
      if (!finish()) reject(new Error(`closed without a whole answer: ${text}`));
    });
    socket.on('error', (error) => {
      if (!finish()) reject(error);
    });
  });
}

const request = (lines: string[], body = '') => `${lines.join('\r\n')}\r\n\r\n${body}`;

describe('malformed HTTP gets the { message, code } shape and the right status', () => {
  test.each<[string, number, string | Buffer]>([
    [
      'headers above the limit',
      431,
      request(['GET /api/products HTTP/1.1', 'Host: localhost', `X-Big: ${'a'.repeat(20_000)}`]),
    ],
    [
      'Content-Length and Transfer-Encoding together',
      400,
      request(
        [
          'POST /api/auth/login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/json',
          'Content-Length: 4',
          'Transfer-Encoding: chunked',
        ],
        '0\r\n\r\n',
      ),
    ],
    ['a broken request line', 400, 'GET /api/products HTTP/9.Z\r\n\r\n'],
    ['an unknown method', 400, request(['BREW /api/products HTTP/1.1', 'Host: localhost'])],
    [
      'a URL that does not decode',
      400,
      request(['GET /api/products/%E0%A4%A HTTP/1.1', 'Host: localhost']),
    ],
    [
      'invalid JSON',
      400,
      request(
        [
          'POST /api/auth/login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/json',
          'Content-Length: 9',
        ],
        '{"email":',
      ),
    ],
    [
      'JSON with a byte-order mark',
      400,
      request(
        [
          'POST /api/auth/login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/json',
          'Content-Length: 5',
        ],
        '\uFEFF{}',
      ),
    ],
    [
      'an empty JSON body',
      400,
      request([
        'POST /api/auth/login HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        'Content-Length: 0',
      ]),
    ],
    [
      'a body of a type the API does not read',
      415,
      request(
        [
          'POST /api/auth/login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/xml',
          'Content-Length: 7',
        ],
        '<a></a>',
      ),
    ],
    ['TRACE', 404, request(['TRACE /api/products HTTP/1.1', 'Host: localhost'])],
  ])('%s → %i', async (_name, status, raw) => {
    const answer = await send(raw);
    expect(answer.status).toBe(status);
    expect(
      ErrorBodySchema.strict().safeParse(answer.body).success,
      JSON.stringify(answer.body),
    ).toBe(true);
  });

  test('multipart without a boundary to an upload route → refused in the same shape', async () => {
    const answer = await send(
      request(
        [
          'POST /api/uploads/image HTTP/1.1',
          'Host: localhost',
          `Cookie: ${admin}`,
          'Content-Type: multipart/form-data',
          'Content-Length: 5',
        ],
        'hello',
      ),
    );
    expect(answer.status).toBe(400);
    expect(
      ErrorBodySchema.strict().safeParse(answer.body).success,
      JSON.stringify(answer.body),
    ).toBe(true);
  });
});

describe('a request names exactly one Host (RFC 9112 §3.2)', () => {
  const expectRefusal = (answer: Awaited<ReturnType<typeof send>>, message: string) => {
    expect([answer.status, answer.body]).toEqual([400, { message, code: ErrorCode.badRequest }]);
    // The store's own answer: with its security headers, not a bare one from the HTTP parser.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  };

  test('two Host headers → 400, also on a target the kept-answer lane would serve', async () => {
    const lines = ['GET /api/products HTTP/1.1', 'Host: localhost'];
    expect((await send(request(lines))).status).toBe(200);
    expect((await send(request(lines))).status).toBe(200);
    for (const second of ['Host: localhost', 'host: evil.example']) {
      expectRefusal(
        await send(request([...lines, second])),
        'The request names more than one Host.',
      );
    }
    expectRefusal(
      await send(request(['GET /api/health HTTP/1.1', 'Host: a.example', 'Host: b.example'])),
      'The request names more than one Host.',
    );
  });

  test('no Host in HTTP/1.1 → 400 in the { message, code } shape with the security headers', async () => {
    for (const target of ['/api/products', '/api/health', '/store']) {
      expectRefusal(
        await send(request([`GET ${target} HTTP/1.1`, 'Accept: */*'])),
        'The request has no Host header.',
      );
    }
  });

  test('HTTP/1.0 may leave Host out: a load balancer probing the health check is answered', async () => {
    const answer = await send(request(['GET /api/health HTTP/1.0']));
    expect(answer.status).toBe(200);
  });
});
