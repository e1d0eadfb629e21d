import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, testDb } from '../test/build-test-app.js';

const script = fileURLToPath(new URL('./create-admin.ts', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(dataDir: string, args: string[], input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function signIn(dataDir: string, email: string, password: string) {
  const config = testConfig({
    dataDir,
    database: { kind: 'sqlite', filename: path.join(dataDir, 'bindery.db') },
  });
  const app = await buildApp(config);
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    return response.statusCode === 200 ? response.json().user : null;
  } finally {
    await app.close();
  }
}

// The command works on the data directory's SQLite file; one database kind is enough.
test.skipIf(testDb === 'postgres')(
  'create-admin takes the password as an option or from input',
  { timeout: 120_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-cli-'));
    dirs.push(dataDir);

    const created = run(dataDir, [
      '--email',
      'Owner@Example.com',
      '--name',
      'Owner',
      '--password',
      'first password',
    ]);
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Admin owner@example.com created.');
    expect(await signIn(dataDir, 'owner@example.com', 'first password')).toMatchObject({
      role: 'admin',
      name: 'Owner',
    });

    const piped = run(
      dataDir,
      ['--email', 'owner@example.com', '--name', 'Owner'],
      'second password\n',
    );
    expect(piped.stdout).toContain('Admin owner@example.com updated.');
    expect(await signIn(dataDir, 'owner@example.com', 'second password')).toMatchObject({
      role: 'admin',
    });

    const usage = run(dataDir, ['--email', 'x@example.com']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run create-admin');

    const short = run(dataDir, ['--email', 'x@example.com', '--name', 'X', '--password', 'short']);
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('Password must be at least 8 characters.');
  },
);
