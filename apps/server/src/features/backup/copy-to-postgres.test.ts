import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import {
  createScratchDatabase,
  signInAsAdmin,
  signUpAndSignIn,
  testConfig,
  testDb,
} from '../../test/build-test-app.js';
import { runCommand } from '../../test/commands.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';
import { samplePdf } from '../../test/upload-samples.js';

/**
 * A SQLite store, filled through its API, copied into a database of the suite's PostgreSQL; the
 * store then started on that database (with the same data directory) serves the same accounts,
 * orders, catalogue and files, and keeps writing (identity counters continue after the copied ids).
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function started(config: Config): Promise<FastifyInstance> {
  const app = await buildApp(config);
  await app.ready();
  return app;
}

const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (app: FastifyInstance, url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

test.skipIf(testDb !== 'postgres')(
  'a SQLite store copied into PostgreSQL serves the same accounts, orders, catalogue and files',
  { timeout: 120_000 },
  async () => {
    const base = testConfig();
    cleanups.push(() => rmSync(base.dataDir, { recursive: true, force: true }));
    const { dataDir } = base;
    const scratch = await createScratchDatabase('bindery_copy');
    cleanups.push(() => scratch.drop());

    // The SQLite store, filled through its routes.
    const sqlite = await started({
      ...base,
      database: { kind: 'sqlite', filename: path.join(dataDir, 'bindery.db') },
    });
    let ada: { cookie: string };
    let handbook: { _id: string };
    let atlas: { _id: string };
    try {
      const admin = await signInAsAdmin(sqlite);
      handbook = await createTestProduct(sqlite, admin.cookie, {
        title: 'The Café Bookbinding Handbook',
      });
      atlas = await createTestProduct(sqlite, admin.cookie, { title: 'Paper Atlas', price: 7.5 });
      ada = await signUpAndSignIn(sqlite, { name: 'Ada', email: 'ada@example.com' });
      const bob = await signUpAndSignIn(sqlite, { name: 'Bob', email: 'bob@example.com' });
      const db = sqlite.database.db;
      const adaHandbook = await buyProduct(sqlite, db, ada.cookie, handbook._id);
      await buyProduct(sqlite, db, ada.cookie, atlas._id);
      const bobAtlas = await buyProduct(sqlite, db, bob.cookie, atlas._id);
      const refund = await post(sqlite, `/api/orders/${bobAtlas.orderId}/refund`, {}, admin.cookie);
      expect(refund.statusCode).toBe(200);
      expect((await get(sqlite, adaHandbook.downloadUrl)).statusCode).toBe(200);
      // Rows with identity ids on PostgreSQL: failed sign-ins.
      const wrong = await post(sqlite, '/api/auth/login', {
        email: 'bob@example.com',
        password: 'not his password',
      });
      expect(wrong.statusCode).toBe(401);

      // This process holds the store's database.
      const running = await runCommand('copy-to-postgres', [scratch.url], { DATA_DIR: dataDir });
      expect(running.status).toBe(1);
      expect(running.stderr).toBe(
        `Stop the store first: it is running on ${dataDir} (pid ${process.pid}). copy-to-postgres copies a stopped store, so that no order is written after its copy.\n`,
      );
    } finally {
      await sqlite.close();
    }

    const copy = await runCommand('copy-to-postgres', [scratch.url], { DATA_DIR: dataDir });
    expect(copy.stderr).toBe('');
    expect(copy.status).toBe(0);
    const rowsOf = (table: string) =>
      Number(new RegExp(`\\n {2}${table} +(\\d+)`).exec(copy.stdout)?.[1]);
    expect(
      ['users', 'products', 'uploads', 'orders', 'test_checkout_refunds', 'catalogue_state'].map(
        rowsOf,
      ),
    ).toEqual([3, 2, 4, 3, 1, 1]);
    // Three invoices and Bob's credit note, and the two counters they were numbered from.
    expect(['invoice_documents', 'invoice_sequences'].map(rowsOf)).toEqual([4, 2]);
    expect(copy.stdout).toMatch(
      /\n {2}catalogue_state +1 {2}\(kept by PostgreSQL itself, checked\)\n/,
    );
    expect(copy.stdout).toMatch(
      /\nCopied 35 tables, \d+ rows; the row counts match and \d+ sampled rows are equal field by field\.\n/,
    );

    // The store on PostgreSQL, with the same data directory (files, and here the same secret).
    const postgres = await started({ ...base, database: { kind: 'postgres', url: scratch.url } });
    cleanups.push(() => postgres.close());
    // Sessions came across: Ada is still signed in.
    expect((await get(postgres, '/api/auth/me', ada!.cookie)).statusCode).toBe(200);
    const login = await post(postgres, '/api/auth/login', {
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(200);
    const mine = await get(postgres, '/api/orders/myorders', ada!.cookie);
    const purchases = mine.json<{
      purchases: Array<{ _id: string; status: string; product: { _id: string } }>;
    }>().purchases;
    expect(purchases.map((purchase) => [purchase.status, purchase.product._id])).toEqual([
      ['paid', atlas!._id],
      ['paid', handbook!._id],
    ]);
    const bob = await post(postgres, '/api/auth/login', {
      email: 'bob@example.com',
      password: 'correct horse battery',
    });
    const bobCookie = bob.headers['set-cookie']!.toString().split(';')[0]!;
    const bobOrders = await get(postgres, '/api/orders/myorders', bobCookie);
    expect(bobOrders.json<{ purchases: Array<{ status: string }> }>().purchases).toMatchObject([
      { status: 'refunded' },
    ]);

    // Search runs on the column PostgreSQL computed from the copied rows.
    const search = async (text: string) =>
      (await get(postgres, `/api/products?search=${encodeURIComponent(text)}`))
        .json<{ products: Array<{ _id: string }> }>()
        .products.map((product) => product._id);
    expect(await search('cafe bookbinding')).toEqual([handbook!._id]);
    expect(await search('atlas')).toEqual([atlas!._id]);
    expect((await get(postgres, '/api/products')).json<{ total: number }>().total).toBe(2);

    // The file, byte for byte, through a fresh link.
    const link = await post(
      postgres,
      `/api/orders/${purchases[1]!._id}/download-link`,
      {},
      ada!.cookie,
    );
    expect(link.statusCode).toBe(200);
    const file = await get(postgres, link.json<{ downloadUrl: string }>().downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(samplePdf())).toBe(true);

    // New rows continue after the copied ids: a failed sign-in, a purchase, a new account.
    const wrongAgain = await post(postgres, '/api/auth/login', {
      email: 'bob@example.com',
      password: 'still not his',
    });
    expect(wrongAgain.statusCode).toBe(401);
    const carol = await signUpAndSignIn(postgres, { email: 'carol@example.com' });
    const bought = await buyProduct(postgres, postgres.database.db, carol.cookie, handbook!._id);
    expect((await get(postgres, bought.downloadUrl)).statusCode).toBe(200);
    // Invoice numbers came across, and the next payment's continues after them.
    const invoiceName = async (orderId: string, cookie: string) =>
      (await get(postgres, `/api/orders/${orderId}/invoice.pdf`, cookie)).headers[
        'content-disposition'
      ];
    expect(await invoiceName(purchases[1]!._id, ada!.cookie)).toBe(
      'attachment; filename="INV-0001.pdf"',
    );
    expect(await invoiceName(bought.orderId, carol.cookie)).toBe(
      'attachment; filename="INV-0004.pdf"',
    );

    // A second copy into the same, now filled, database is refused.
    const again = await runCommand('copy-to-postgres', [scratch.url], { DATA_DIR: dataDir });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      /^The PostgreSQL database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/bindery_copy_[0-9a-f]+ already holds store data \(auth_failures: \d+, .*, orders: 4, .*, users: 4\): copy-to-postgres writes only into an empty database\. Create a new one \(createdb\) and pass its URL\.\n$/,
    );
  },
);

test.skipIf(testDb !== 'postgres')(
  'copy-to-postgres: usage, and no SQLite store to copy',
  { timeout: 60_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-copy-none-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const results = await Promise.all([
      runCommand('copy-to-postgres', [], { DATA_DIR: dataDir }),
      runCommand('copy-to-postgres', ['mysql://localhost/shop'], { DATA_DIR: dataDir }),
      runCommand('copy-to-postgres', ['postgres://localhost/shop'], { DATA_DIR: dataDir }),
    ]);
    expect(results.map((result) => [result.status, result.stderr])).toEqual([
      [2, 'Usage: npm run copy-to-postgres -- <postgres-url>\n'],
      [2, 'Usage: npm run copy-to-postgres -- <postgres-url>\n'],
      [
        1,
        `There is no SQLite store in ${dataDir}: it has no bindery.db. Set DATA_DIR to the store's data directory.\n`,
      ],
    ]);
  },
);
