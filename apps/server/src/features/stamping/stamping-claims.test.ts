import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { pdfLines } from '../../test/pdf-text.js';
import { multiPagePdf } from '../../test/sample-pdfs.js';
import { buyAs, stampingProduct, stampRows } from '../../test/stamping-store.js';

/**
 * Two instances of the store on one database and one storage: the first downloads of an order's
 * PDF, whichever instance they reach, make one stamped copy (the claim row), and a claim its
 * instance left behind is taken over once stale. On SQLite and PostgreSQL.
 */
let t: TestApp;
let other: FastifyInstance;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  // The same database and data directory, as a second instance behind a load balancer sees them.
  other = await buildApp(t.config, { database: { ...t.database, close: async () => {} } });
  await other.ready();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const stampsMade = () => t.app.stamping.stampsMade() + other.stamping.stampsMade();

async function purchase() {
  const product = await stampingProduct(t.app, admin, {
    data: await multiPagePdf({ pages: 2 }),
    fileName: 'guide.pdf',
  });
  const buyer = await signUpAndSignIn(t.app);
  const bought = await buyAs(t.app, t.database.db, buyer.cookie, product._id);
  const uploadId = product.publicId.split('/').pop()!;
  return { ...bought, uploadId, line: `Licensed to ${buyer.email} · Order #${bought.orderNumber}` };
}

test('first downloads through both instances at once stamp the PDF once', async () => {
  const { downloadUrl, orderId, line } = await purchase();
  const before = stampsMade();
  const responses = await Promise.all(
    [t.app, other, t.app, other].map((app) => app.inject({ method: 'GET', url: downloadUrl })),
  );
  expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
  const [first] = responses;
  for (const response of responses)
    expect(response.rawPayload.equals(first!.rawPayload)).toBe(true);
  expect(pdfLines(first!.rawPayload).filter((row) => row === line)).toHaveLength(2);
  expect(stampsMade()).toBe(before + 1);
  const rows = (await stampRows(t.database.db)).filter((row) => row.orderId === orderId);
  expect(rows).toMatchObject([{ state: 'ready', sha256: expect.any(String) }]);
});

test('a claim left by an instance that stopped is taken over once stale', async () => {
  const { downloadUrl, orderId, uploadId, line } = await purchase();
  await t.database.db
    .insertInto('pdfStamps')
    .values({
      orderId,
      uploadId,
      state: 'stamping',
      claimedAt: Date.now() - 7 * 60_000,
      storageKey: null,
      size: null,
      sha256: null,
      problem: null,
    })
    .execute();
  const response = await other.inject({ method: 'GET', url: downloadUrl });
  expect(response.statusCode).toBe(200);
  expect(pdfLines(response.rawPayload)).toContain(line);
  const rows = (await stampRows(t.database.db)).filter((row) => row.orderId === orderId);
  expect(rows).toMatchObject([{ state: 'ready' }]);
});
