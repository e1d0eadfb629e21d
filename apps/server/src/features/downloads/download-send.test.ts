import { ServerResponse } from 'node:http';
import type { MyOrdersResponse } from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  LARGE_READ_BYTES,
  LARGE_READ_DOWNLOADS,
  READ_CHUNK_BYTES,
} from '../../adapters/storage/file-range-stream.js';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct, uploadTestFile } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';
import { samplePdf } from '../../test/upload-samples.js';

// How a large file leaves the store's disk: HTTP and streams only, so SQLite alone.
describe.skipIf(testDb === 'postgres')('a large download over a network socket', () => {
  const LARGE = samplePdf({ padTo: 4 * LARGE_READ_BYTES + 777 });
  let t: TestApp;
  let buyer: string;
  let base: string;
  let downloadUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ downloads: { limit: 10 } });
    const admin = (await signInAsAdmin(t.app)).cookie;
    buyer = (await signUpAndSignIn(t.app)).cookie;
    const file = await uploadTestFile(t.app, admin, { data: LARGE, fileName: 'large.pdf' });
    const product = await createTestProduct(t.app, admin, {
      digitalFile: { public_id: file.public_id, secure_url: file.secure_url },
    });
    ({ downloadUrl } = await buyProduct(t.app, t.database.db, buyer, product._id));
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function downloadsUsed() {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders/myorders',
      headers: { cookie: buyer },
    });
    return response.json<MyOrdersResponse>().purchases[0]!.downloads.used;
  }

  /**
   * One whole download; the buffers its bytes left in (Node's own response, observed: the
   * response that sent the whole file, not one held by another test).
   */
  async function downloadOnce() {
    const write = vi.spyOn(ServerResponse.prototype, 'write');
    const sent = new Map<ServerResponse, Buffer[]>();
    try {
      const response = await fetch(base + downloadUrl);
      expect(response.status).toBe(200);
      const body = Buffer.from(await response.arrayBuffer());
      write.mock.calls.forEach(([chunk], index) => {
        const to = write.mock.contexts[index] as ServerResponse;
        if (!to.req.url?.startsWith('/api/downloads/')) return;
        sent.set(to, [...(sent.get(to) ?? []), chunk as Buffer]);
      });
      const whole = [...sent.values()].filter(
        (chunks) => chunks.reduce((sum, chunk) => sum + chunk.length, 0) === LARGE.length,
      );
      expect(whole).toHaveLength(1);
      return { body, chunks: whole[0]! };
    } finally {
      write.mockRestore();
    }
  }

  test('leaves in whole reads through two reused buffers, and counts once', async () => {
    const { body, chunks } = await downloadOnce();
    expect(body.equals(LARGE)).toBe(true);
    // Alone, a download reads the larger size.
    expect(chunks.map((chunk) => chunk.length)).toEqual([
      ...Array<number>(4).fill(LARGE_READ_BYTES),
      777,
    ]);
    // Never a fresh buffer per read: a download holds two reads' worth whatever its size.
    expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(2);

    await t.app.downloads.idle();
    expect(await downloadsUsed()).toBe(1);
  });

  test('while the most downloads that read the larger size are sent, the next reads 1 MiB', async () => {
    // Downloads whose readers do not read: each is held mid-send by the socket's backpressure.
    const held = new AbortController();
    const readers = [];
    for (let at = 0; at < LARGE_READ_DOWNLOADS; at += 1) {
      const response = await fetch(base + downloadUrl, { signal: held.signal });
      expect(response.status).toBe(200);
      readers.push(response);
    }
    try {
      const { body, chunks } = await downloadOnce();
      expect(body.equals(LARGE)).toBe(true);
      expect(chunks.map((chunk) => chunk.length)).toEqual([
        ...Array<number>(16).fill(READ_CHUNK_BYTES),
        777,
      ]);
      expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(2);
    } finally {
      held.abort();
      await Promise.all(readers.map((response) => response.body?.cancel().catch(() => {})));
    }
    // Once they have ended, a download reads the larger size again.
    await t.app.downloads.idle();
    await vi.waitFor(
      async () => {
        const { chunks } = await downloadOnce();
        expect(chunks[0]!.length).toBe(LARGE_READ_BYTES);
      },
      { timeout: 10_000 },
    );
  });
});
