import { ServerResponse } from 'node:http';
import type { MyOrdersResponse } from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { READ_CHUNK_BYTES } from '../../adapters/storage/file-range-stream.js';
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
  const LARGE = samplePdf({ padTo: 16 * READ_CHUNK_BYTES + 777 });
  let t: TestApp;
  let buyer: string;
  let base: string;
  let downloadUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ downloads: { limit: 5 } });
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

  test('leaves in whole reads through two reused buffers, and counts once', async () => {
    // Node's own response, observed (and called through): which buffers the file's bytes leave in.
    const write = vi.spyOn(ServerResponse.prototype, 'write');
    let body: Buffer;
    const chunks: Buffer[] = [];
    try {
      const response = await fetch(base + downloadUrl);
      expect(response.status).toBe(200);
      body = Buffer.from(await response.arrayBuffer());
      write.mock.calls.forEach(([chunk], index) => {
        const to = write.mock.contexts[index] as ServerResponse;
        if (to.req.url?.startsWith('/api/downloads/')) chunks.push(chunk as Buffer);
      });
    } finally {
      write.mockRestore();
    }
    expect(body.equals(LARGE)).toBe(true);
    expect(chunks.map((chunk) => chunk.length)).toEqual([
      ...Array<number>(16).fill(READ_CHUNK_BYTES),
      777,
    ]);
    // Never a fresh buffer per read: a download holds two reads' worth whatever its size.
    expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(2);

    await t.app.downloads.idle();
    expect(await downloadsUsed()).toBe(1);
  });
});
