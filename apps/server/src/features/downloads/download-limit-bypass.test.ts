import { ErrorCode, OrderMessages, type MyOrdersResponse } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct, uploadTestFile } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';
import { samplePdf } from '../../test/upload-samples.js';
import { LEASE_MS, MAX_NEW_LINKS_PER_HOUR } from './download-counter.js';

/**
 * Ways around DOWNLOAD_LIMIT (issue 23): ranges that stop one byte short, links fetched at the
 * same moment, and requests that each wrote a row. Downloads count by bytes sent (decision 017).
 */
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function storeSelling(limit: number, pdf?: Buffer, clock?: TestClock) {
  t = await buildTestApp({ downloads: { limit } }, clock ? { clock: clock.now } : {});
  const admin = (await signInAsAdmin(t.app)).cookie;
  const buyer = (await signUpAndSignIn(t.app)).cookie;
  const file = pdf && (await uploadTestFile(t.app, admin, { data: pdf, fileName: 'big.pdf' }));
  const product = await createTestProduct(
    t.app,
    admin,
    file ? { digitalFile: { public_id: file.public_id, secure_url: file.secure_url } } : {},
  );
  const bought = await buyProduct(t.app, t.database.db, buyer, product._id);
  const size = Number(
    (await t.app.inject({ method: 'HEAD', url: bought.downloadUrl })).headers['content-length'],
  );
  return { admin, buyer, size, ...bought };
}

async function newLink(orderId: string, cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/download-link`,
    headers: { cookie },
  });
  return {
    status: response.statusCode,
    url: response.json<{ downloadUrl?: string }>().downloadUrl,
  };
}

async function get(url: string, range?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });
  await t.app.downloads.idle();
  return response;
}

async function usage(cookie: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/orders/myorders',
    headers: { cookie },
  });
  return response.json<MyOrdersResponse>().purchases[0]!.downloads;
}

const refusal = { message: 'Download limit reached for this order.', code: ErrorCode.forbidden };

describe('ranges that never ask for the last byte', () => {
  test('count by the bytes sent: the whole file less one byte, twice, makes the second download', async () => {
    const { buyer, size, orderId, downloadUrl } = await storeSelling(2);
    expect((await get(downloadUrl)).statusCode).toBe(200);
    expect(await usage(buyer)).toEqual({ used: 1, limit: 2 });

    // Ten links made while the order is under its limit, each asked for all but the last byte.
    const links: string[] = [];
    for (let i = 0; i < 10; i += 1) links.push((await newLink(orderId, buyer)).url!);
    const statuses: number[] = [];
    for (const link of links) {
      const response = await get(link, `bytes=0-${size - 2}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 403) expect(response.json()).toEqual(refusal);
    }
    expect(statuses).toEqual([206, 206, 403, 403, 403, 403, 403, 403, 403, 403]);
    expect(await usage(buyer)).toEqual({ used: 2, limit: 2 });
    const refused = await newLink(orderId, buyer);
    expect(refused.status).toBe(403);
  });

  test('a download manager fetching the file in 8 ranges through one link counts once', async () => {
    const { buyer, size, downloadUrl } = await storeSelling(1, samplePdf({ padTo: 80_000 }));
    const step = Math.ceil(size / 8);
    const ranges = Array.from({ length: 8 }, (_, i) => [
      i * step,
      Math.min(size, (i + 1) * step) - 1,
    ]);
    const parts = await Promise.all(
      ranges.map(([start, end]) =>
        t.app.inject({
          method: 'GET',
          url: downloadUrl,
          headers: { range: `bytes=${start}-${end}` },
        }),
      ),
    );
    await t.app.downloads.idle();
    expect(parts.map((part) => part.statusCode)).toEqual(Array(8).fill(206));
    expect(Buffer.concat(parts.map((part) => part.rawPayload)).length).toBe(size);
    expect(await usage(buyer)).toEqual({ used: 1, limit: 1 });
    // The file is whole: the next request, through the same link, is past the limit.
    const again = await get(downloadUrl, 'bytes=0-99');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(refusal);
  });
});

describe('links fetched at the same moment', () => {
  test('limit 2, ten links at once over HTTP: two complete files, and the count shows 2 of 2', async () => {
    const pdf = samplePdf({ padTo: 4 * 1024 * 1024 });
    const { admin, buyer, orderId } = await storeSelling(2, pdf);
    const links: string[] = [];
    for (let i = 0; i < 10; i += 1) links.push((await newLink(orderId, buyer)).url!);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });

    const responses = await Promise.all(
      links.map(async (link) => {
        const response = await fetch(base + link);
        return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    await t.app.downloads.idle();
    const complete = responses.filter((r) => r.status === 200 && r.body.equals(pdf));
    expect(complete).toHaveLength(2);
    const refused = responses.filter((r) => r.status === 403);
    expect(refused).toHaveLength(8);
    for (const r of refused) expect(JSON.parse(r.body.toString())).toEqual(refusal);

    expect(await usage(buyer)).toEqual({ used: 2, limit: 2 });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: { cookie: admin },
    });
    expect(list.json().orders[0].downloads).toEqual({ used: 2, limit: 2 });
  });
});

describe('a download in progress', () => {
  test('holds its place until its lease runs out, when its process died without a word', async () => {
    const clock = createTestClock();
    const { buyer, size, orderId, downloadUrl } = await storeSelling(1, undefined, clock);
    // What a process killed in the middle of sending the whole file leaves behind.
    await t.database.db
      .insertInto('downloads')
      .values({
        orderId,
        linkId: 'left-by-a-dead-process',
        createdAt: clock.now(),
        reservedBytes: size,
        leaseUntil: clock.now() + LEASE_MS,
      })
      .execute();
    const held = await get(downloadUrl);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toEqual(refusal);

    clock.advance(LEASE_MS);
    expect((await get(downloadUrl)).statusCode).toBe(200);
    expect(await usage(buyer)).toEqual({ used: 1, limit: 1 });
  });
});

describe('requests a buyer can make', () => {
  test.each([
    ['an unlimited order', 0],
    ['an order under its limit', 50],
  ])('fresh links used all at once still stop at the cap: %s', async (_name, limit) => {
    const { buyer, orderId } = await storeSelling(limit);
    const links = await Promise.all(
      Array.from({ length: MAX_NEW_LINKS_PER_HOUR + 10 }, () => newLink(orderId, buyer)),
    );
    const statuses = await Promise.all(
      links.map(async (link) => (await get(link.url!, 'bytes=0-0')).statusCode),
    );
    expect(statuses.filter((status) => status === 206)).toHaveLength(MAX_NEW_LINKS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const rows = await t.database.db
      .selectFrom('downloads')
      .select((eb) => eb.fn.countAll<number | string>().as('rows'))
      .where('orderId', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Number(rows.rows)).toBe(MAX_NEW_LINKS_PER_HOUR);
  });
  test('200 requests for bytes=0-0 through one link keep one row, updated', async () => {
    const { buyer, orderId, downloadUrl } = await storeSelling(2);
    for (let i = 0; i < 200; i += 1) {
      expect((await get(downloadUrl, 'bytes=0-0')).statusCode).toBe(206);
    }
    const rows = await t.database.db
      .selectFrom('downloads')
      .select(['requests', 'bytesServed', 'reservedBytes'])
      .where('orderId', '=', orderId)
      .execute();
    expect(
      rows.map((row) => [Number(row.requests), Number(row.bytesServed), Number(row.reservedBytes)]),
    ).toEqual([[200, 200, 0]]);
    expect(await usage(buyer)).toEqual({ used: 0, limit: 2 });
    expect(OrderMessages.downloadLimitReached).toBe(refusal.message);
  });

  test.each([
    ['an unlimited order', 0],
    ['an order under its limit', 5],
  ])(
    'new links used in an hour are capped, so requests through fresh links add no more rows: %s',
    async (_name, limit) => {
      const clock = createTestClock();
      const { buyer, orderId, downloadUrl } = await storeSelling(limit, undefined, clock);
      expect((await get(downloadUrl, 'bytes=0-0')).statusCode).toBe(206);
      for (let i = 1; i < MAX_NEW_LINKS_PER_HOUR; i += 1) {
        const link = await newLink(orderId, buyer);
        expect((await get(link.url!, 'bytes=0-0')).statusCode).toBe(206);
      }
      const extra = await newLink(orderId, buyer);
      const refused = await get(extra.url!, 'bytes=0-0');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: OrderMessages.tooManyDownloadLinks,
        code: ErrorCode.tooManyRequests,
      });
      // A link already used goes on working, and an hour later new links do too.
      expect((await get(downloadUrl, 'bytes=0-0')).statusCode).toBe(206);
      clock.advance(60 * 60 * 1000 + 1);
      const later = await newLink(orderId, buyer);
      expect((await get(later.url!, 'bytes=0-0')).statusCode).toBe(206);
      const rows = await t.database.db
        .selectFrom('downloads')
        .select((eb) => eb.fn.countAll<number | string>().as('rows'))
        .where('orderId', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(Number(rows.rows)).toBe(MAX_NEW_LINKS_PER_HOUR + 1);
    },
  );
});
