import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig, testDb, signInAsAdmin } from '../../test/build-test-app.js';
import { runCommand } from '../../test/commands.js';
import { createTestProduct } from '../../test/factories.js';
import { postJson, sellOneFile, signIn } from '../../test/http-store.js';
import {
  ADMIN,
  killServer,
  startServer,
  type ServerProcess,
  type StoreData,
} from '../../test/server-process.js';
import { samplePdf } from '../../test/upload-samples.js';
import type { Manifest } from './manifest.js';
import { migrations } from '../../db/migrations/index.js';

/**
 * Backups of a SQLite store through the real commands: of a running store (the store takes the
 * snapshot itself, as it holds the database's lock) and of a stopped one (the command does),
 * and restores into an empty data directory that a new store then serves.
 */

const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await killServer(server);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  dirs.push(dir);
  return dir;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file under public/ and private/ of a directory, by relative path, with its SHA-256. */
function storedFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (relative: string) => {
    const dir = path.join(root, relative);
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else files[child] = sha256(readFileSync(path.join(root, child)));
    }
  };
  walk('public');
  walk('private');
  return files;
}

function bytesOf(root: string, files: Record<string, string>): number {
  return Object.keys(files).reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0);
}

/** Every directory and file under `root` (itself included), by permission bits. */
function modesUnder(root: string): { dirs: number[]; files: number[] } {
  const modes = { dirs: new Set<number>([modeOf(root)]), files: new Set<number>() };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        modes.dirs.add(modeOf(child));
        walk(child);
      } else modes.files.add(modeOf(child));
    }
  };
  walk(root);
  return { dirs: [...modes.dirs], files: [...modes.files] };
}

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;

const sqliteStore = (dataDir: string): StoreData => ({
  dataDir,
  databaseUrl: '',
  remove: async () => {},
});

async function download(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

// The commands work on a data directory's SQLite file; the PostgreSQL side has its own tests.
test.skipIf(testDb === 'postgres')(
  'a running store is backed up while it serves; a store restored from it has every account, order and file',
  { timeout: 150_000 },
  async () => {
    const dataDir = tempDir('bindery-backup-store');
    const server = await startServer(sqliteStore(dataDir));
    servers.push(server);
    const pdf = samplePdf({ text: 'Kept safe', padTo: 256 * 1024 });
    const { product, buyer, ...link } = await sellOneFile(server.url, ADMIN, {
      pdf,
      fileName: 'kept-safe.pdf',
      title: 'Kept Safe',
      price: 12,
      buyerEmail: 'backup-buyer@example.com',
    });
    const image = await download(`${server.url}${product.image[0]}`);
    expect(image.status).toBe(200);

    const backupDir = path.join(tempDir('bindery-backups'), 'nightly');
    const backingUp = runCommand('backup', [backupDir], { DATA_DIR: dataDir });
    // The store keeps answering while the command runs.
    const meanwhile = await Promise.all(
      [
        `${server.url}/api/products`,
        `${server.url}/api/products/${product._id}`,
        `${server.url}/api/health`,
      ].map((url) => fetch(url).then((response) => response.status)),
    );
    expect(meanwhile).toEqual([200, 200, 200]);
    const backup = await backingUp;
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('SQLite online backup taken by the running store');
    expect(backup.stdout).toContain('secret.key: copied');
    expect(backup.stdout).toContain(`Backup complete: ${backupDir}\n`);
    // And writes after it: the store still holds its database.
    const later = await postJson(`${server.url}/api/auth/register`, {
      name: 'After',
      email: 'after-backup@example.com',
      password: 'correct horse battery',
    });
    expect(later.status).toBe(201);

    expect(readdirSync(backupDir).sort()).toEqual([
      'bindery.db',
      'manifest.json',
      'private',
      'public',
      'secret.key',
    ]);
    const manifest = readManifest(backupDir);
    expect(manifest).toMatchObject({
      format: 'bindery-backup',
      version: 1,
      database: { kind: 'sqlite', file: 'bindery.db' },
      missingUploads: [],
      secretKey: true,
    });
    expect(manifest.tables).toMatchObject({
      users: 2,
      products: 1,
      uploads: 2,
      orders: 1,
      test_checkout_sessions: 1,
      schema_migrations: migrations.length,
    });
    const files = storedFiles(dataDir);
    expect(storedFiles(backupDir)).toEqual(files);
    expect(manifest.files).toEqual({
      storage: 'local',
      count: Object.keys(files).length,
      bytes: bytesOf(dataDir, files),
    });
    expect(readFileSync(path.join(backupDir, 'secret.key'))).toEqual(
      readFileSync(path.join(dataDir, 'secret.key')),
    );
    expect(modesUnder(backupDir)).toEqual({ dirs: [0o700], files: [0o600] });

    const restoredDir = path.join(tempDir('bindery-restored'), 'data');
    const restore = await runCommand('restore', [backupDir], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/\n {2}orders +1\n/);
    expect(restore.stdout).toMatch(/\n {2}users +2\n/);
    expect(restore.stdout).toContain(
      `Restore complete: start the store with DATA_DIR=${restoredDir}.`,
    );
    expect(storedFiles(restoredDir)).toEqual(files);
    expect(modesUnder(restoredDir)).toEqual({ dirs: [0o700], files: [0o600] });

    const restored = await startServer(sqliteStore(restoredDir));
    servers.push(restored);
    // The buyer's session (a row) and the link handed out before the backup (signed with the
    // secret) still work.
    const me = await fetch(`${restored.url}/api/auth/me`, { headers: { cookie: buyer } });
    expect(me.status).toBe(200);
    const oldLink = await download(`${restored.url}${link.downloadUrl}`);
    expect(oldLink.status).toBe(200);
    expect(oldLink.body.equals(pdf)).toBe(true);

    const buyerAgain = await signIn(
      restored.url,
      'backup-buyer@example.com',
      'correct horse battery',
    );
    const mine = await fetch(`${restored.url}/api/orders/myorders`, {
      headers: { cookie: buyerAgain },
    });
    const { purchases } = (await mine.json()) as {
      purchases: Array<{ _id: string; status: string; product: { _id: string } }>;
    };
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ status: 'paid', product: { _id: product._id } });
    const fresh = await postJson(
      `${restored.url}/api/orders/${purchases[0]!._id}/download-link`,
      {},
      buyerAgain,
    );
    expect(fresh.status).toBe(200);
    const { downloadUrl } = (await fresh.json()) as { downloadUrl: string };
    const file = await download(`${restored.url}${downloadUrl}`);
    expect(file.status).toBe(200);
    expect(file.body.equals(pdf)).toBe(true);
    const restoredImage = await download(`${restored.url}${product.image[0]}`);
    expect(restoredImage.status).toBe(200);
    expect(restoredImage.body.equals(image.body)).toBe(true);
    // The account made after the backup is not in it.
    const after = await postJson(`${restored.url}/api/auth/login`, {
      email: 'after-backup@example.com',
      password: 'correct horse battery',
    });
    expect(after.status).toBe(401);
    await signIn(restored.url, ADMIN.email, ADMIN.password);

    // A clean stop takes the control socket away with it.
    expect(existsSync(path.join(restoredDir, 'control.sock'))).toBe(true);
    restored.child.kill('SIGTERM');
    expect(await restored.exited).toBe(0);
    expect(existsSync(path.join(restoredDir, 'control.sock'))).toBe(false);
  },
);

/** A store made in this process (buildApp on a data directory's SQLite file), then closed. */
async function stoppedStore() {
  const base = testConfig();
  dirs.push(base.dataDir);
  const config = {
    ...base,
    database: { kind: 'sqlite' as const, filename: path.join(base.dataDir, 'bindery.db') },
  };
  const app = await buildApp(config);
  await app.ready();
  try {
    const admin = await signInAsAdmin(app);
    const product = await createTestProduct(app, admin.cookie, { title: 'Left Alone' });
    return { dataDir: config.dataDir, product };
  } finally {
    await app.close();
  }
}

test.skipIf(testDb === 'postgres')(
  'a stopped store is backed up by the command itself; an upload whose file is gone is reported',
  { timeout: 60_000 },
  async () => {
    const { dataDir, product } = await stoppedStore();
    const parent = tempDir('bindery-backups');

    // A relative directory means one in the directory the command was typed in.
    const backup = await runCommand('backup', ['first'], { DATA_DIR: dataDir, INIT_CWD: parent });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const backupDir = path.join(parent, 'first');
    expect(backup.stdout).toContain(
      'SQLite online backup taken by this command, the store not running',
    );
    // This store's secret came from its settings, not from a file.
    expect(backup.stdout).toContain('secret.key: none in the data directory');
    const manifest = readManifest(backupDir);
    expect(manifest.tables).toMatchObject({ users: 1, products: 1, uploads: 2, orders: 0 });
    expect(manifest.secretKey).toBe(false);
    expect(readdirSync(backupDir).sort()).toEqual([
      'bindery.db',
      'manifest.json',
      'private',
      'public',
    ]);
    // The command let go of the database (no pid file left): a store could start on it now.
    expect(readdirSync(dataDir).sort()).toEqual(['bindery.db', 'private', 'public', 'tmp']);

    // The admin's view of a product names its file's upload: `secure-digital-products/<id>`.
    // Files kept in a bucket are not copied, and the backup says so.
    const bucket = await runCommand('backup', [path.join(parent, 'bucket')], {
      DATA_DIR: dataDir,
      S3_BUCKET: 'shop-files',
    });
    expect(bucket.status).toBe(0);
    expect(bucket.stdout).toContain(
      "  files: NOT in this backup. They are in the S3 bucket (S3_BUCKET); keep them with the bucket's own versioning or replication.\n",
    );
    expect(readManifest(path.join(parent, 'bucket')).files).toEqual({ storage: 'bucket' });
    expect(readdirSync(path.join(parent, 'bucket')).sort()).toEqual([
      'bindery.db',
      'manifest.json',
    ]);

    const fileId = (product.digitalFile as { public_id: string }).public_id.split('/')[1]!;
    const filePath = `private/secure-digital-products/${fileId}.pdf`;
    rmSync(path.join(dataDir, filePath));
    const incomplete = await runCommand('backup', [path.join(parent, 'second')], {
      DATA_DIR: dataDir,
    });
    expect(incomplete.status).toBe(1);
    expect(incomplete.stderr).toBe(
      'Warning: 1 uploads named by the database have no file in the data directory, so none in the backup:\n' +
        `  ${filePath} (product ${product._id})\n` +
        `The backup in ${path.join(parent, 'second')} is written but incomplete; manifest.json lists them.\n`,
    );
    expect(readManifest(path.join(parent, 'second')).missingUploads).toEqual([
      { id: fileId, kind: 'file', format: 'pdf', productId: product._id, path: filePath },
    ]);
  },
);

test.skipIf(testDb === 'postgres')(
  'backup and restore refuse what they must not touch, and say why',
  { timeout: 60_000 },
  async () => {
    const { dataDir } = await stoppedStore();
    const parent = tempDir('bindery-refusals');

    const usage = await Promise.all([
      runCommand('backup', [], { DATA_DIR: dataDir }),
      runCommand('backup', ['one', 'two'], { DATA_DIR: dataDir }),
      runCommand('restore', [], { DATA_DIR: dataDir }),
      runCommand('restore', ['--force', 'x'], { DATA_DIR: dataDir }),
    ]);
    expect(usage.map((result) => [result.status, result.stderr])).toEqual([
      [2, 'Usage: npm run backup -- <backup-dir>\n'],
      [2, 'Usage: npm run backup -- <backup-dir>\n'],
      [2, 'Usage: npm run restore -- <backup-dir>\n'],
      [2, 'Usage: npm run restore -- <backup-dir>\n'],
    ]);

    const occupied = path.join(parent, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
    const nonEmpty = await runCommand('backup', [occupied], { DATA_DIR: dataDir });
    expect(nonEmpty.status).toBe(1);
    expect(nonEmpty.stderr).toBe(
      `The backup directory ${occupied} is not empty: choose a new or empty directory.\n`,
    );
    expect(readdirSync(occupied)).toEqual(['notes.txt']);

    const inside = path.join(dataDir, 'backups', 'today');
    const insideData = await runCommand('backup', [inside], { DATA_DIR: dataDir });
    expect(insideData.status).toBe(1);
    expect(insideData.stderr).toBe(
      `The backup directory ${inside} is inside the data directory ${dataDir}: choose one outside it (a backup kept with the data is lost with it).\n`,
    );
    expect(existsSync(path.join(dataDir, 'backups'))).toBe(false);

    const noStore = path.join(parent, 'no-store');
    const nothing = await runCommand('backup', [path.join(parent, 'x')], { DATA_DIR: noStore });
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toBe(
      `There is no store to back up in ${noStore}: it has no bindery.db. Set DATA_DIR to the store's data directory.\n`,
    );
    expect(existsSync(noStore)).toBe(false);

    const backupDir = path.join(parent, 'good');
    expect((await runCommand('backup', [backupDir], { DATA_DIR: dataDir })).status).toBe(0);

    const intoStore = await runCommand('restore', [backupDir], { DATA_DIR: dataDir });
    expect(intoStore.status).toBe(1);
    expect(intoStore.stderr).toBe(
      `The data directory ${dataDir} is not empty (it holds bindery.db): restore only into an empty data directory. Set DATA_DIR to a new directory, or empty this one first.\n`,
    );

    const emptyDataDir = path.join(parent, 'empty-data');
    const notBackup = await runCommand('restore', [occupied], { DATA_DIR: emptyDataDir });
    expect(notBackup.status).toBe(1);
    expect(notBackup.stderr).toBe(
      `${occupied} is not a Bindery backup: it has no manifest.json.\n`,
    );
    writeFileSync(path.join(occupied, 'manifest.json'), '{"format":"something-else"}');
    const otherManifest = await runCommand('restore', [occupied], { DATA_DIR: emptyDataDir });
    expect(otherManifest.status).toBe(1);
    expect(otherManifest.stderr).toBe(
      `${occupied} is not a Bindery backup this version can restore: its manifest.json is not a bindery-backup manifest of version 1.\n`,
    );

    const intoPostgres = await runCommand('restore', [backupDir], {
      DATA_DIR: emptyDataDir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(intoPostgres.status).toBe(1);
    expect(intoPostgres.stderr).toBe(
      'This backup holds a SQLite store: restore it with DATABASE_URL unset, then move it to PostgreSQL with npm run copy-to-postgres.\n',
    );
    // Nothing was written by any refusal.
    expect(existsSync(emptyDataDir)).toBe(false);
  },
);

test.skipIf(testDb === 'postgres')(
  'a symbolic link leads neither a backup into the data directory nor a restore into its backup',
  { timeout: 60_000 },
  async () => {
    const { dataDir } = await stoppedStore();
    const parent = tempDir('bindery-links');
    const refusal = (target: string, data: string) =>
      `The backup directory ${target} is inside the data directory ${data}: choose one outside it (a backup kept with the data is lost with it).\n`;

    // The target's own folder does not exist yet: its nearest existing ancestor is a link.
    const linkToData = path.join(parent, 'link-to-data');
    symlinkSync(dataDir, linkToData);
    const throughLink = path.join(linkToData, 'backups', 'today');
    const viaLink = await runCommand('backup', [throughLink], { DATA_DIR: dataDir });
    expect([viaLink.status, viaLink.stderr]).toEqual([1, refusal(throughLink, dataDir)]);
    expect(existsSync(path.join(dataDir, 'backups'))).toBe(false);

    // The data directory named through a link, the target by its real path.
    const inside = path.join(dataDir, 'inside');
    const viaDataLink = await runCommand('backup', [inside], { DATA_DIR: linkToData });
    expect([viaDataLink.status, viaDataLink.stderr]).toEqual([1, refusal(inside, linkToData)]);
    expect(existsSync(inside)).toBe(false);

    // A folder whose name starts with two dots is still inside.
    const dotted = path.join(dataDir, '..old');
    const dottedRun = await runCommand('backup', [dotted], { DATA_DIR: dataDir });
    expect([dottedRun.status, dottedRun.stderr]).toEqual([1, refusal(dotted, dataDir)]);
    expect(existsSync(dotted)).toBe(false);

    const backupDir = path.join(parent, 'good');
    expect((await runCommand('backup', [backupDir], { DATA_DIR: dataDir })).status).toBe(0);
    const linkToBackup = path.join(parent, 'link-to-backup');
    symlinkSync(backupDir, linkToBackup);
    const restoredInside = path.join(linkToBackup, 'restored');
    const intoBackup = await runCommand('restore', [backupDir], { DATA_DIR: restoredInside });
    expect([intoBackup.status, intoBackup.stderr]).toEqual([
      1,
      `The data directory ${restoredInside} is inside the backup ${backupDir}: choose a data directory outside it.\n`,
    ]);
    expect(existsSync(path.join(backupDir, 'restored'))).toBe(false);
  },
);

test.skipIf(testDb === 'postgres')(
  'a data directory too deep for a Unix socket: the store serves without one, and backup says to stop it',
  { timeout: 60_000 },
  async () => {
    const dataDir = path.join(tempDir('bindery-deep'), 'd'.repeat(100));
    const server = await startServer(sqliteStore(dataDir));
    servers.push(server);
    const socketPath = path.join(dataDir, 'control.sock');
    const bytes = Buffer.byteLength(socketPath);
    expect(server.output()).toContain(
      `Backups while the store runs are off: the control socket's path ${socketPath} is ${bytes} bytes, longer than a Unix socket allows (107).`,
    );
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const backup = await runCommand('backup', [path.join(tempDir('bindery-backups'), 'b')], {
      DATA_DIR: dataDir,
    });
    expect(backup.status).toBe(1);
    expect(backup.stderr).toBe(
      `The store is running on ${dataDir} (pid ${server.child.pid}), and the control socket's path ${socketPath} is ${bytes} bytes, longer than a Unix socket allows (107), so it cannot take the backup itself. Stop the store and run the backup again, or set DATA_DIR to a shorter path.\n`,
    );
  },
);
