import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createLocalStorage } from '../adapters/storage/local.js';
import { createS3Storage } from '../adapters/storage/s3.js';
import { testDb } from '../test/build-test-app.js';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';

const script = fileURLToPath(new URL('./storage-copy.ts', import.meta.url));

/** Runs the command as `npm run storage:copy` does, with the store's settings in the environment. */
function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_REGION: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      S3_FORCE_PATH_STYLE: '',
      // The SDK's warning that it will need a newer Node is not the command's output.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

// The command reads and writes files, never the database: once, in the SQLite project.
describe.skipIf(testDb === 'postgres')('npm run storage:copy', () => {
  let s3: S3TestServer;
  const dirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bindery-copy-'));
    dirs.push(dir);
    return dir;
  };
  beforeEach(async () => {
    s3 = await startS3Server();
  });
  afterEach(async () => {
    await s3.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const bucketEnv = () => ({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });

  test(
    'copies every object from the disk to the bucket and back, byte for byte, and nothing twice',
    { timeout: 120_000 },
    async () => {
      const dataDir = newDataDir();
      const local = createLocalStorage(dataDir);
      const objects = {
        'public/images/a/original.png': randomBytes(40_000),
        'public/images/a/card.webp': randomBytes(5_000),
        'public/images/b/original.jpg': randomBytes(7),
        'private/secure-digital-products/a.pdf': randomBytes(9 * 1024 * 1024 + 3),
        'private/secure-digital-products/b.epub': Buffer.alloc(0),
      };
      for (const [name, data] of Object.entries(objects)) {
        const [area, ...key] = name.split('/');
        await local.write(area as 'public' | 'private', key.join('/'), data);
      }
      // Already in the bucket: one at its size (skipped), one at another size (copied over).
      const bucket = await createS3Storage(s3.options);
      await bucket.write('public', 'images/a/card.webp', objects['public/images/a/card.webp']);
      await bucket.write('public', 'images/a/original.png', randomBytes(10));

      const first = await run(['--from', 'local', '--to', 's3'], {
        ...bucketEnv(),
        DATA_DIR: dataDir,
      });
      expect(first.stderr).toBe('');
      expect(first.stdout).toBe(
        [
          `Copying public/ and private/ from the local disk (${dataDir}) to the bucket ${s3.bucket}`,
          'public/: 2 copied (40,007 bytes), 1 already there (5,000 bytes)',
          'private/: 2 copied (9,437,187 bytes), 0 already there (0 bytes)',
          'Done: 4 copied (9,477,194 bytes), 1 already there (5,000 bytes).',
          '',
        ].join('\n'),
      );
      expect(first.status).toBe(0);
      expect(await s3.listKeys()).toEqual(Object.keys(objects).sort());
      for (const [name, data] of Object.entries(objects)) {
        expect((await s3.readObject(name))?.equals(data), name).toBe(true);
      }
      expect(await s3.listUploads()).toEqual([]);

      const second = await run(['--from', 'local', '--to', 's3'], {
        ...bucketEnv(),
        DATA_DIR: dataDir,
      });
      expect(second.stdout.split('\n').slice(1)).toEqual([
        'public/: 0 copied (0 bytes), 3 already there (45,007 bytes)',
        'private/: 0 copied (0 bytes), 2 already there (9,437,187 bytes)',
        'Done: 0 copied (0 bytes), 5 already there (9,482,194 bytes).',
        '',
      ]);
      expect(second.status).toBe(0);

      const back = newDataDir();
      const third = await run(['--from', 's3', '--to', 'local'], {
        ...bucketEnv(),
        DATA_DIR: back,
      });
      expect(third.stdout.split('\n').at(-2)).toBe(
        'Done: 5 copied (9,482,194 bytes), 0 already there (0 bytes).',
      );
      expect(third.status).toBe(0);
      for (const [name, data] of Object.entries(objects)) {
        expect(readFileSync(path.join(back, ...name.split('/'))).equals(data), name).toBe(true);
      }
      expect(
        readFileSync(path.join(back, 'private', 'secure-digital-products', 'a.pdf')).length,
      ).toBe(9 * 1024 * 1024 + 3);
    },
  );

  test(
    'says what is wrong: S3 not configured, no files to copy, or a wrong direction',
    { timeout: 60_000 },
    async () => {
      const dataDir = newDataDir();
      const unconfigured = await run(['--from', 'local', '--to', 's3'], { DATA_DIR: dataDir });
      expect(unconfigured.stderr).toMatch(/^S3 is not configured: set S3_BUCKET /);
      expect(unconfigured.status).toBe(1);
      const empty = await run(['--from', 'local', '--to', 's3'], {
        ...bucketEnv(),
        DATA_DIR: dataDir,
      });
      expect(empty.stderr).toBe(
        `${dataDir} holds no store files (no public/ or private/ folder): is DATA_DIR right?\n`,
      );
      expect(empty.status).toBe(1);
      const same = await run(['--from', 's3', '--to', 's3'], { DATA_DIR: dataDir });
      expect(same.stderr).toBe(
        'Usage: npm run storage:copy -- --from local --to s3   (or --from s3 --to local)\n',
      );
      expect(same.status).toBe(2);
    },
  );
});
