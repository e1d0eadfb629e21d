import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createScratchDatabase, testDb } from '../../test/build-test-app.js';
import { runCommand } from '../../test/commands.js';
import { postJson, sellOneFile, signIn } from '../../test/http-store.js';
import { ADMIN, killServer, startServer, type ServerProcess } from '../../test/server-process.js';
import {
  findPostgresPrograms,
  startSystemPostgres,
  type SystemPostgres,
} from '../../test/system-postgres.js';
import { samplePdf } from '../../test/upload-samples.js';
import type { Manifest } from './manifest.js';

/**
 * Backups of a PostgreSQL store with pg_dump and pg_restore. pg_dump refuses a server newer than
 * itself, and the suite's embedded server (18) is newer than Debian's pg_dump (15): the round trip
 * runs on a server started from the same installation as the pg_dump it uses.
 */

const programs = testDb === 'postgres' ? findPostgresPrograms() : undefined;
if (testDb === 'postgres' && !programs) {
  console.warn(
    '\n*** SKIPPED: the PostgreSQL backup round trip needs PostgreSQL server and client programs ' +
      '(initdb, pg_ctl, postgres, pg_dump, pg_restore) under /usr/lib/postgresql/<version>/bin ' +
      "or POSTGRES_BIN_DIR. Install Debian's postgresql package; .ci/run does. ***\n",
  );
}

const servers: ServerProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await killServer(server);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test.skipIf(!programs)(
  'a running PostgreSQL store is backed up with pg_dump and restored with pg_restore into an empty database',
  { timeout: 150_000 },
  async () => {
    const postgres: SystemPostgres = await startSystemPostgres(programs!);
    cleanups.push(() => postgres.stop());
    const storeUrl = await postgres.createDatabase('bindery_store');
    const restoredUrl = await postgres.createDatabase('bindery_restored');
    const pgDump = path.join(programs!.binDir, 'pg_dump');
    const pgRestore = path.join(programs!.binDir, 'pg_restore');

    const dataDir = tempDir('bindery-pg-store');
    const server = await startServer({ dataDir, databaseUrl: storeUrl, remove: async () => {} });
    servers.push(server);
    const pdf = samplePdf({ text: 'Dumped and restored' });
    const { product, ...link } = await sellOneFile(server.url, ADMIN, {
      pdf,
      fileName: 'dumped.pdf',
      title: 'Dumped Handbook',
      price: 9,
      buyerEmail: 'pg-buyer@example.com',
    });

    const backupDir = path.join(tempDir('bindery-pg-backups'), 'b');
    const backup = await runCommand('backup', [backupDir], {
      DATA_DIR: dataDir,
      DATABASE_URL: storeUrl,
      PG_DUMP: pgDump,
    });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(', with pg_dump\n');
    expect(backup.stdout).toContain(
      `database: database.dump (pg_dump --format=custom, ${pgDump} version `,
    );
    // The store served on, and still does.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(readdirSync(backupDir).sort()).toEqual([
      'database.dump',
      'manifest.json',
      'private',
      'public',
      'secret.key',
    ]);
    const manifest = JSON.parse(
      readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest.database.kind).toBe('postgres');
    expect(manifest.database.serverVersion?.split('.')[0]).toBe(String(programs!.major));
    expect(manifest.tables).toMatchObject({ users: 2, products: 1, uploads: 2, orders: 1 });

    // Restored into an empty database and an empty data directory.
    const restoredDir = path.join(tempDir('bindery-pg-restored'), 'data');
    const restoreEnv = {
      DATA_DIR: restoredDir,
      DATABASE_URL: restoredUrl,
      PG_RESTORE: pgRestore,
    };
    const restore = await runCommand('restore', [backupDir], restoreEnv);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain('database: database.dump restored');
    expect(restore.stdout).toMatch(/\n {2}orders +1\n/);
    expect(restore.stdout).toContain(
      `Restore complete: start the store with DATA_DIR=${restoredDir} and this DATABASE_URL.`,
    );

    // Again into the same database: it has tables now.
    const again = await runCommand('restore', [backupDir], {
      ...restoreEnv,
      DATA_DIR: path.join(restoredDir, '..', 'other'),
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      /^The database postgres:\/\/postgres@127\.0\.0\.1:\d+\/bindery_restored already has tables \(37: public\.auth_failures, public\.catalogue_state, public\.discount_redemptions, public\.discounts, public\.download_completions, …\): restore only into an empty database\. Create a new one \(createdb\) and set DATABASE_URL to it\.\n$/,
    );

    const restored = await startServer({
      dataDir: restoredDir,
      databaseUrl: restoredUrl,
      remove: async () => {},
    });
    servers.push(restored);
    const oldLink = await fetch(`${restored.url}${link.downloadUrl}`);
    expect(oldLink.status).toBe(200);
    expect(Buffer.from(await oldLink.arrayBuffer()).equals(pdf)).toBe(true);
    const buyerAgain = await signIn(restored.url, 'pg-buyer@example.com', 'correct horse battery');
    const mine = await fetch(`${restored.url}/api/orders/myorders`, {
      headers: { cookie: buyerAgain },
    });
    const { purchases } = (await mine.json()) as {
      purchases: Array<{ _id: string; status: string; product: { _id: string } }>;
    };
    expect(purchases.map((purchase) => [purchase.status, purchase.product._id])).toEqual([
      ['paid', product._id],
    ]);
    const fresh = await postJson(
      `${restored.url}/api/orders/${purchases[0]!._id}/download-link`,
      {},
      buyerAgain,
    );
    const { downloadUrl } = (await fresh.json()) as { downloadUrl: string };
    const file = await fetch(`${restored.url}${downloadUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // The catalogue's search column came back with the rows.
    const found = await fetch(`${restored.url}/api/products?search=dumped`);
    const list = (await found.json()) as { products: Array<{ _id: string }>; total: number };
    expect(list.products.map((item) => item._id)).toEqual([product._id]);
  },
);

// The suite's embedded PostgreSQL (18) is newer than Debian's pg_dump.
test.skipIf(!programs || programs.major >= 18)(
  'pg_dump older than the server: a clear message and exit 1, nothing written',
  { timeout: 60_000 },
  async () => {
    const scratch = await createScratchDatabase('bindery_dump');
    cleanups.push(() => scratch.drop());
    const parent = tempDir('bindery-pg-mismatch-backups');
    const older = await runCommand('backup', [path.join(parent, 'b')], {
      DATA_DIR: tempDir('bindery-pg-mismatch'),
      DATABASE_URL: scratch.url,
      PG_DUMP: path.join(programs!.binDir, 'pg_dump'),
    });
    expect(older.status).toBe(1);
    expect(older.stderr).toMatch(
      new RegExp(
        `^pg_dump ${programs!.major}\\.\\d+ cannot back up this PostgreSQL (\\d+)\\.\\d+ server: ` +
          "pg_dump must be of the server's version or newer\\. Install PostgreSQL \\1's client " +
          'programs and set PG_DUMP to that pg_dump \\(on Debian: /usr/lib/postgresql/\\1/bin/pg_dump\\)\\.\\n$',
      ),
    );
    expect(readdirSync(parent)).toEqual([]);
  },
);

test.skipIf(testDb !== 'postgres')(
  'no pg_dump to run: a clear message and exit 1, nothing written',
  { timeout: 60_000 },
  async () => {
    const scratch = await createScratchDatabase('bindery_dump');
    cleanups.push(() => scratch.drop());
    const parent = tempDir('bindery-pg-missing-backups');
    const missing = await runCommand('backup', [path.join(parent, 'b')], {
      DATA_DIR: tempDir('bindery-pg-missing'),
      DATABASE_URL: scratch.url,
      PG_DUMP: '/nowhere/pg_dump',
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(
      /^pg_dump was not found \(PG_DUMP=\/nowhere\/pg_dump\)\. Install PostgreSQL's client programs, version 1[0-9] or newer, or set PG_DUMP to the pg_dump to use\.\n$/,
    );
    expect(readdirSync(parent)).toEqual([]);
  },
);
