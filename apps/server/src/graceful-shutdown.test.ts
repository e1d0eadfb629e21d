import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterEach, expect, test } from 'vitest';
import { testDb } from './test/build-test-app.js';
import { sellOneFile } from './test/http-store.js';
import {
  ADMIN,
  createStoreData,
  killServer,
  startServer,
  type ServerProcess,
  type StoreData,
} from './test/server-process.js';
import { samplePdf } from './test/upload-samples.js';

const FILE_BYTES = 8 * 1024 * 1024;
/** The reader takes this much, then pauses: about 2.5 MB/s, so the file takes some 3 s. */
const READ_STEP = 256 * 1024;
const READ_PAUSE_MS = 100;
/** main.ts gives in-flight requests this long before it exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const servers: ServerProcess[] = [];
const stores: StoreData[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await killServer(server);
  for (const store of stores.splice(0)) await store.remove();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Resolves once the server has printed `text`; fails after ten seconds. */
async function waitForOutput(server: ServerProcess, text: string) {
  const deadline = Date.now() + 10_000;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A download read slowly on its own connection; `started` once `afterBytes` have arrived. */
function slowDownload(url: string, afterBytes: number) {
  let markStarted: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const done = new Promise<{ status: number; length: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(url, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        let sinceBreak = 0;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          sinceBreak += chunk.length;
          if (received >= afterBytes) markStarted();
          if (sinceBreak >= READ_STEP) {
            sinceBreak = 0;
            response.pause();
            setTimeout(() => response.resume(), READ_PAUSE_MS);
          }
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            length: response.headers['content-length'],
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    },
  );
  return { started, done };
}

/** A new request on a new connection: its status, or the connection error's code. */
function freshRequest(url: string): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 3_000 }, (response) => {
      response.resume();
      resolve(String(response.statusCode));
    });
    request.on('timeout', () => {
      request.destroy();
      resolve('hung');
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** When the server logged the response to `urlPrefix` as completed (its pino time, in ms). */
function responseFinishedAt(output: string, urlPrefix: string): number | undefined {
  type LogLine = { reqId?: string; req?: { url?: string }; time: number; msg: string };
  const lines = output.split('\n').flatMap((line): LogLine[] => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return []; // the banner, or a line cut by the kept tail
    }
  });
  const reqId = lines.find((line) => line.req?.url?.startsWith(urlPrefix))?.reqId;
  return lines.find((line) => line.reqId === reqId && line.msg === 'request completed')?.time;
}

test(
  `SIGTERM lets a download in progress finish, refuses new requests and exits 0 (${testDb})`,
  { timeout: 90_000 },
  async () => {
    const store = await createStoreData('bindery-sigterm');
    stores.push(store);
    const server = await startServer(store);
    servers.push(server);

    const pdf = samplePdf({ padTo: FILE_BYTES });
    const link = await sellOneFile(server.url, ADMIN, {
      pdf,
      fileName: 'large.pdf',
      title: 'A large handbook',
      price: 12,
      buyerEmail: 'patient-reader@example.com',
    });

    const download = slowDownload(`${server.url}${link.downloadUrl}`, 1024 * 1024);
    await download.started;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // Logged as the server stops listening, in the same turn.
    await waitForOutput(server, 'SIGTERM received');

    // While it drains, a new visitor is told at once: refused connection (or a 503), no hang.
    expect(['ECONNREFUSED', '503']).toContain(await freshRequest(`${server.url}/api/health`));

    const result = await download.done;
    expect(result.status).toBe(200);
    expect(result.length).toBe(String(FILE_BYTES));
    expect(result.body.length).toBe(FILE_BYTES);
    expect(sha256(result.body)).toBe(sha256(pdf));

    expect(await server.exited, server.output().slice(-2_000)).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS);
    // The server was still sending when the signal came (not merely the kernel's buffers).
    expect(responseFinishedAt(server.output(), '/api/downloads/')).toBeGreaterThan(signalledAt);
  },
);
