import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { EXCLUSIVE_JOBS } from './db/job-lock.js';
import { testDb } from './test/build-test-app.js';
import {
  TEST_WEBHOOK_SECRET,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from './test/fake-stripe.js';
import {
  createProduct,
  postJson,
  registerBuyer,
  requestDownloadLink,
  signIn,
  startCheckout,
} from './test/http-store.js';
import { startS3Server, type S3TestServer } from './test/s3-server.js';
import {
  ADMIN,
  createStoreData,
  killServer,
  startServer,
  type ServerProcess,
  type StoreData,
} from './test/server-process.js';
import { startSmtpInbox, type SmtpInbox } from './test/smtp-inbox.js';
import { samplePdf } from './test/upload-samples.js';

/**
 * Two real server processes on one PostgreSQL and one bucket, each with a data directory of its
 * own and no sticky sessions: whatever one instance does, the other sees, and nothing that must
 * happen once (a payment's fulfilment, a background job) happens twice.
 */
describe.runIf(testDb === 'postgres')('two instances on one PostgreSQL and one bucket', () => {
  const SECRET_SEED = randomBytes(24).toString('base64url');
  const LOCK_NAMESPACE = 0x62696e64;
  /** Registrations one address may make per hour, across both instances. */
  const REGISTRATIONS_PER_HOUR = 3;
  const FAILURES_PER_ADDRESS = 4;

  let stripe: FakeStripe;
  let bucket: S3TestServer;
  let inbox: SmtpInbox;
  let first: StoreData;
  let second: StoreData;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: DatabaseHandle;
  /** A connection of the test's own holding the job locks while the instances start. */
  let lockHolder: pg.Client;

  beforeAll(async () => {
    [stripe, bucket, inbox] = await Promise.all([
      startFakeStripe(),
      startS3Server(),
      startSmtpInbox(),
    ]);
    first = await createStoreData('bindery-first');
    // The second instance shares the first one's database, not its data directory.
    const secondDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-second-'));
    second = {
      dataDir: secondDir,
      databaseUrl: first.databaseUrl,
      remove: async () => rmSync(secondDir, { recursive: true, force: true }),
    };
    database = openDatabase({ kind: 'postgres', url: first.databaseUrl });
    lockHolder = new pg.Client({ connectionString: first.databaseUrl });
    await lockHolder.connect();
    for (const key of [EXCLUSIVE_JOBS.reconcile, EXCLUSIVE_JOBS.uploadSweep]) {
      await lockHolder.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, key]);
    }
    const env = {
      LOG_LEVEL: 'debug',
      SESSION_SECRET: SECRET_SEED,
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_bindery',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://${stripe.api.host}:${stripe.api.port}`,
      SMTP_URL: inbox.url,
      S3_BUCKET: bucket.bucket,
      S3_ENDPOINT: bucket.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      AUTH_REGISTRATIONS_PER_IP_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
      AUTH_MAX_FAILURES_PER_IP: String(FAILURES_PER_ADDRESS),
    };
    // Started together: the migrations and the admin account are made once between them.
    [a, b] = await Promise.all([startServer(first, { env }), startServer(second, { env })]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([killServer(a), killServer(b)]);
    await lockHolder?.end().catch(() => {});
    await database?.close();
    await second?.remove();
    await first?.remove();
    await Promise.all([stripe?.close(), bucket?.close(), inbox?.close()]);
  });

  test('both answer the load balancer: live and ready', async () => {
    for (const server of [a, b]) {
      for (const path of ['/api/health/live', '/api/health/ready']) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, `${server.url}${path}`).toBe(200);
      }
    }
  });

  test('the background jobs wait for the instance that holds them', async () => {
    // The test holds the reconciliation and upload sweep locks: each instance skips its turn.
    for (const server of [a, b]) {
      await waitFor(() => /checkout reconciliation skipped/.test(server.output()), 10_000);
      await waitFor(() => /upload sweep skipped/.test(server.output()), 10_000);
    }
    await lockHolder.end();
  });

  let adminCookie: string;
  let buyerCookie: string;
  let productId: string;
  const pdf = samplePdf({ padTo: 64 * 1024 });

  test('a product written on one instance is listed by the other within a second', async () => {
    adminCookie = await signIn(a.url, ADMIN.email, ADMIN.password);
    // The other instance has answered (and kept) the catalogue before the product exists.
    const before = await catalogueIds(b.url);
    const product = await createProduct(
      a.url,
      adminCookie,
      { data: pdf, fileName: 'field-guide.pdf' },
      { title: 'Field Guide', price: 1500 },
    );
    productId = product._id;
    expect(before).not.toContain(productId);
    const started = Date.now();
    await waitFor(async () => (await catalogueIds(b.url)).includes(productId), 1000);
    expect(Date.now() - started).toBeLessThanOrEqual(1000);
    // Its image lives in the bucket, so the other instance serves it too.
    const image = await fetch(`${b.url}${product.image[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  test('a session made on one instance works on the other', async () => {
    buyerCookie = await registerBuyer(b.url, 'buyer@example.com');
    for (const server of [a, b]) {
      const response = await fetch(`${server.url}/api/auth/me`, {
        headers: { cookie: buyerCookie },
      });
      expect(response.status, server.url).toBe(200);
      expect(((await response.json()) as { user: { email: string } }).user.email).toBe(
        'buyer@example.com',
      );
    }
  });

  test('a payment confirmed on both instances at once is fulfilled once', async () => {
    const { sessionId } = await startCheckout(a.url, buyerCookie, productId);
    const order = await database.db
      .selectFrom('orders')
      .select(['id'])
      .where('productId', '=', productId)
      .executeTakeFirstOrThrow();
    const event = stripeEvent('checkout.session.completed', stripe.completeSession(sessionId));
    const payload = JSON.stringify(event, null, 2);
    // The webhook reaches both instances (a retry after a timeout) while the buyer's success
    // page asks each of them too.
    const [webhookA, webhookB, linkA, linkB] = await Promise.all([
      postWebhook(a.url, payload),
      postWebhook(b.url, payload),
      requestDownloadLink(a.url, buyerCookie, sessionId),
      requestDownloadLink(b.url, buyerCookie, sessionId),
    ]);
    expect([webhookA, webhookB]).toEqual([200, 200]);
    expect([linkA.status, linkB.status]).toEqual([200, 200]);

    const transitions = await database.db
      .selectFrom('orderTransitions')
      .select(['fromStatus', 'toStatus'])
      .where('orderId', '=', order.id)
      .execute();
    expect(transitions.map((row) => `${row.fromStatus}→${row.toStatus}`)).toEqual(['pending→paid']);
    const receipts = await database.db
      .selectFrom('mailOutbox')
      .select(['status'])
      .where('toAddress', '=', 'buyer@example.com')
      .execute();
    expect(receipts).toHaveLength(1);
    // One instance's mail worker sends it, once.
    await inbox.waitForMail({ to: 'buyer@example.com' }, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(inbox.messages.filter((mail) => mail.to.includes('buyer@example.com'))).toHaveLength(1);

    // A link made by one instance downloads from the other: straight from the bucket.
    const download = await fetch(`${a.url}${linkB.downloadUrl}`, { redirect: 'manual' });
    expect(download.status).toBe(302);
    const location = download.headers.get('location')!;
    expect(location.startsWith(bucket.endpoint)).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Field Guide.pdf"; filename*=UTF-8''Field%20Guide.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  });

  test('registrations per address are counted across instances', async () => {
    // The buyer registered once already (on the second instance).
    const register = (url: string, n: number) =>
      postJson(`${url}/api/auth/register`, {
        name: 'Buyer',
        email: `shared-limit-${n}@example.com`,
        password: 'correct horse battery',
      });
    expect((await register(a.url, 1)).status).toBe(201);
    expect((await register(b.url, 2)).status).toBe(201);
    expect((await register(a.url, 3)).status).toBe(429);
    expect((await register(b.url, 4)).status).toBe(429);
  });

  test('failed sign-ins from one address are counted across instances', async () => {
    const fail = (url: string, n: number) =>
      postJson(`${url}/api/auth/login`, {
        email: `nobody-${n}@example.com`,
        password: 'wrong password',
      });
    for (let n = 0; n < FAILURES_PER_ADDRESS; n++) {
      expect((await fail(n % 2 === 0 ? a.url : b.url, n)).status).toBe(401);
    }
    const refusedA = await fail(a.url, 99);
    const refusedB = await fail(b.url, 99);
    expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
    expect(Number(refusedB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('SIGTERM drains one instance while the other keeps serving', async () => {
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    const product = await fetch(`${b.url}/api/products/${productId}`);
    expect(product.status).toBe(200);
  });

  async function postWebhook(url: string, payload: string) {
    const response = await fetch(`${url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signStripePayload(payload, TEST_WEBHOOK_SECRET),
      },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function catalogueIds(url: string): Promise<string[]> {
    const response = await fetch(`${url}/api/products?limit=50`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { products: Array<{ _id: string }> };
    return body.products.map((product) => product._id);
  }
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
