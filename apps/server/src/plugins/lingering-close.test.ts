import { AuthMessages, ErrorCode, UploadMessages } from '@bindery/shared';
import { connect, type AddressInfo, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../test/build-test-app.js';
import { postFromAnotherProcess } from '../test/streamed-post-client.js';
import { registerLingeringClose, type LingerLimits } from './lingering-close.js';

let t: TestApp;
let baseUrl: string;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const TRIES = 20;

const boundary = 'lingering-test';
const filePartFirst =
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guide.pdf"\r\n` +
  'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n';
const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };

describe('a refusal sent while the body is still arriving reaches a client that is still sending', () => {
  test.each([
    {
      name: '413 for a 12 MB JSON body',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      start: '{"email":"',
      bytes: 12 * MB,
      status: 413,
      answer: { message: 'Request body is too large.', code: ErrorCode.payloadTooLarge },
    },
    {
      name: '403 for a cross-site upload',
      path: '/api/uploads/image',
      headers: { ...multipart, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      start: filePartFirst,
      bytes: 12 * MB,
      status: 403,
      answer: { message: 'Cross-site requests are not allowed.', code: ErrorCode.forbidden },
    },
    {
      name: '401 for an upload without a session',
      path: '/api/uploads/file',
      headers: multipart,
      start: filePartFirst,
      bytes: 12 * MB,
      status: 401,
      answer: { message: AuthMessages.notSignedIn, code: ErrorCode.unauthorized },
    },
    {
      name: '400 for a file part before the signature',
      path: '/api/uploads/file',
      headers: { ...multipart, cookie: '' },
      start: filePartFirst,
      bytes: 12 * MB,
      status: 400,
      answer: { message: UploadMessages.signatureAfterFile, code: ErrorCode.badRequest },
    },
  ])('$name: $status in 20 of 20 tries', { timeout: 120_000 }, async (refusal) => {
    const headers = { ...refusal.headers };
    if ('cookie' in headers) headers.cookie = admin;
    const results = await postFromAnotherProcess({
      url: `${baseUrl}${refusal.path}`,
      headers,
      start: refusal.start,
      bytes: refusal.bytes,
      tries: TRIES,
    });
    const expected = { status: refusal.status, connection: 'close', body: refusal.answer };
    expect(results).toEqual(Array.from({ length: TRIES }, () => expected));
  });
});

describe('lingering is bounded', () => {
  /** A server that refuses every POST before reading its body, lingering within `limits`. */
  let counted = 0;
  async function refusingServer(limits: LingerLimits): Promise<FastifyInstance> {
    const app = Fastify();
    registerLingeringClose(app, limits);
    app.post('/count', async () => ({ counted: ++counted }));
    app.post('/refused', {
      onRequest: async (_request, reply) =>
        reply.code(403).send({ message: 'No.', code: ErrorCode.forbidden }),
      handler: async () => 'never',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  /**
   * Sends a POST that claims a 1 GB body, then body bytes as `send` says; resolves when the
   * store closes its connection, with what the client read and how long the connection lasted.
   */
  function postUntilClosed(
    app: FastifyInstance,
    send: (socket: Socket) => void,
  ): Promise<{ answer: string; ms: number }> {
    const { port } = app.server.address() as AddressInfo;
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = '';
      // Half-open allowed: a client still uploading goes on sending after the answer's end.
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
        socket.write(
          'POST /refused HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n' +
            `Content-Length: ${1024 * MB}\r\n\r\n`,
        );
        send(socket);
      });
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', () => {});
      // The store's side of the connection: a stalled client would not notice its close.
      app.server.once('connection', (accepted: Socket) =>
        accepted.once('close', () => {
          resolve({ answer, ms: Date.now() - started });
          socket.destroy();
        }),
      );
    });
  }

  const answered = (answer: string) => {
    expect(answer).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.endsWith('{"message":"No.","code":"FORBIDDEN"}')).toBe(true);
  };

  test('a client that never stops sending is closed at the time limit', async () => {
    const app = await refusingServer({ maxBytes: 1024 * MB, maxMs: 1000, idleMs: 5000 });
    try {
      // A kilobyte every 20 ms: never idle, never near the byte limit.
      const { answer, ms } = await postUntilClosed(app, (socket) => {
        const timer = setInterval(() => {
          if (socket.destroyed) clearInterval(timer);
          else socket.write(Buffer.alloc(1024, 0x61));
        }, 20);
      });
      answered(answer);
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThan(3000);
    } finally {
      await app.close();
    }
  });

  test('a client that sends past the byte limit is closed then, and one that stalls when idle', async () => {
    const app = await refusingServer({ maxBytes: 4 * MB, maxMs: 30_000, idleMs: 500 });
    try {
      let written = 0;
      // As fast as the connection takes it.
      const flood = await postUntilClosed(app, (socket) => {
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (!socket.destroyed && written < 1024 * MB) {
            written += chunk.length;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      answered(flood.answer);
      expect(flood.ms).toBeLessThan(10_000);
      // What the client handed its socket: the limit read, plus what the system buffers held.
      expect(written).toBeGreaterThan(4 * MB);
      expect(written).toBeLessThan(64 * MB);

      const stalled = await postUntilClosed(app, (socket) => socket.write('a'.repeat(1024)));
      answered(stalled.answer);
      expect(stalled.ms).toBeGreaterThanOrEqual(500);
      expect(stalled.ms).toBeLessThan(3000);
    } finally {
      await app.close();
    }
  });

  test('closing the store ends lingering connections at once', async () => {
    const app = await refusingServer({ maxBytes: 1024 * MB, maxMs: 30_000, idleMs: 30_000 });
    let closedAfter: Promise<number> | undefined;
    const { answer } = await postUntilClosed(app, (socket) => {
      socket.once('data', () => {
        const started = Date.now();
        closedAfter = app.close().then(() => Date.now() - started);
      });
      socket.write('a'.repeat(1024));
    });
    answered(answer);
    expect(await closedAfter).toBeLessThan(1000);
  });

  test('once the refused body has arrived the connection closes: a request sent after it is not run', async () => {
    const app = await refusingServer({ maxBytes: 1024 * MB, maxMs: 30_000, idleMs: 30_000 });
    try {
      const { port } = app.server.address() as AddressInfo;
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      socket.on('error', () => {});
      const closed = new Promise<number>((resolve) => {
        const started = Date.now();
        app.server.once('connection', (accepted: Socket) =>
          accepted.once('close', () => resolve(Date.now() - started)),
        );
      });
      socket.write(
        'POST /refused HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1024\r\n\r\n' +
          'a'.repeat(512),
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        if (answer === '') {
          socket.write(
            'a'.repeat(512) +
              'POST /count HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n',
          );
        }
        answer += chunk.toString();
      });
      expect(await closed).toBeLessThan(1000);
      answered(answer);
      expect(counted).toBe(0);
      socket.destroy();
    } finally {
      await app.close();
    }
  });
});
