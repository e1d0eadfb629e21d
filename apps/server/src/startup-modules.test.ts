import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testDb } from './test/build-test-app.js';
import { registerBuyer } from './test/http-store.js';
import {
  createStoreData,
  killServer,
  startServer,
  type ServerProcess,
  type StoreData,
} from './test/server-process.js';

const RECORDER = fileURLToPath(new URL('./test/record-packages.mjs', import.meta.url));

/** Libraries only some requests need: loaded on first use, so a store at rest holds none. */
const LOADED_ON_FIRST_USE = ['markdown-it', 'pdfkit', 'fontkit', 'nodemailer', 'sharp', 'pdf-lib'];

let data: StoreData;
let server: ServerProcess | undefined;
let logDir: string;
let packagesLog: string;

beforeAll(async () => {
  data = await createStoreData('bindery-startup-modules');
  logDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-packages-'));
  packagesLog = path.join(logDir, 'packages.log');
  server = await startServer(data, {
    env: {
      NODE_OPTIONS: `--import ${RECORDER}`,
      PACKAGES_LOG: packagesLog,
      // The mail transport too: an SMTP store loads nodemailer with its first email.
      SMTP_URL: 'smtp://127.0.0.1:9',
    },
  });
});

afterAll(async () => {
  await killServer(server);
  await data?.remove();
  rmSync(logDir, { recursive: true, force: true });
});

/** The packages the store has resolved so far, by name. */
function packagesLoaded(): Set<string> {
  const lines = existsSync(packagesLog) ? readFileSync(packagesLog, 'utf8').split('\n') : [];
  const names = lines.map((line) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line)?.[1]);
  return new Set(names.filter((name): name is string => name !== undefined));
}

test('a started store that served its catalogue has not loaded the libraries of rarer requests', async () => {
  const answer = await fetch(`${server!.url}/api/products`);
  expect(answer.status).toBe(200);
  const loaded = packagesLoaded();
  // The recorder sees what the store does load.
  expect(loaded.has('fastify')).toBe(true);
  expect(LOADED_ON_FIRST_USE.filter((name) => loaded.has(name))).toEqual([]);
});

// The suite hashes passwords at a test cost (test/cheap-passwords.ts); a store never may.
test.skipIf(testDb === 'postgres')(
  'a started store hashes passwords at the real cost',
  async () => {
    await registerBuyer(server!.url, 'cost@example.com');
    // Stopped first: a running store holds its database file exclusively.
    await killServer(server);
    server = undefined;
    const sqlite = new Database(path.join(data.dataDir, 'bindery.db'), { readonly: true });
    try {
      const row = sqlite
        .prepare('select password_hash from users where email = ?')
        .get('cost@example.com') as { password_hash: string };
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      sqlite.close();
    }
  },
);
