import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { testDb } from './test/build-test-app.js';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the real server as its own process; resolves with its URL once it listens. */
function start(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner password',
      PUBLIC_URL: '',
      PAYMENTS: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...env,
    },
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  // A server that is meant to fail never listens; that is not an unhandled error.
  listening.catch(() => undefined);
  return { child, listening, exited, output: () => output };
}

/** Resolves once `read()` holds `text`; fails after ten seconds. */
async function waitForOutput(read: () => string, text: string) {
  const deadline = Date.now() + 10_000;
  while (!read().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Real processes on a real data directory: SQLite is the case that has a lock to hold.
test.skipIf(testDb === 'postgres')(
  'a second server on the same data directory stops with a clear message; SIGTERM closes cleanly',
  { timeout: 60_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-main-'));
    dirs.push(dataDir);
    const first = start(dataDir);
    const url = await first.listening;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const second = start(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `is in use by another Bindery process (pid ${first.child.pid})`,
    );
    // The first server is unaffected.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'bindery.db.pid'))).toBe(false);

    // And the directory opens again after a clean stop.
    const third = start(dataDir);
    await third.listening;
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  },
);

test.skipIf(testDb === 'postgres')(
  'the test checkout warns at start-up; on a public address without keys the store does not start',
  { timeout: 60_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-main-'));
    dirs.push(dataDir);
    const local = start(dataDir);
    await local.listening;
    expect(local.output()).toContain('Test checkout active: no real payments are taken');
    // Without PUBLIC_URL, links in email use the announced address: the line says to set it.
    await waitForOutput(local.output, 'Bindery is open at http://localhost:');
    expect(local.output()).toMatch(
      /Bindery is open at http:\/\/localhost:\d+\/store\/products\. Links in email point there too: set PUBLIC_URL to the address buyers use before sending real email/,
    );
    local.child.kill('SIGTERM');
    expect(await local.exited).toBe(0);

    const exposed = start(dataDir, { PUBLIC_URL: 'https://shop.example.com' });
    expect(await exposed.exited).toBe(1);
    expect(exposed.output()).toMatch(/STRIPE_SECRET_KEY.*PAYMENTS=test/);
    expect(exposed.output()).not.toContain('Server listening');
  },
);

test.skipIf(testDb === 'postgres')(
  'the data directory and everything in it is private to the store’s user; the start-up line says where it listens',
  { timeout: 60_000 },
  async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'bindery-main-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'data');
    // A directory and a secret made earlier with everyone-readable permissions.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'secret.key'), 'x'.repeat(43), { mode: 0o644 });
    chmodSync(path.join(dataDir, 'secret.key'), 0o644);

    const server = start(dataDir);
    await server.listening;
    const modeOf = (name: string) => statSync(path.join(dataDir, name)).mode & 0o777;
    expect(modeOf('.')).toBe(0o700);
    expect(modeOf('secret.key')).toBe(0o600);
    expect(modeOf('bindery.db')).toBe(0o600);
    expect(modeOf('bindery.db-wal')).toBe(0o600);
    // HOST=127.0.0.1 here: no every-interface notice.
    expect(server.output()).not.toContain('Listening on every network interface');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const everywhere = start(dataDir, { HOST: '0.0.0.0' });
    await everywhere.listening.catch(() => undefined);
    await waitForOutput(everywhere.output, 'Listening on every network interface (HOST=0.0.0.0');
    everywhere.child.kill('SIGTERM');
    expect(await everywhere.exited).toBe(0);
  },
);

test.skipIf(testDb === 'postgres')(
  'LOG_FORMAT=pretty: one short line per request; JSON when not asked on a pipe',
  { timeout: 60_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-main-'));
    dirs.push(dataDir);
    const pretty = start(dataDir, { LOG_FORMAT: 'pretty' });
    const url = await pretty.listening;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    await waitForOutput(pretty.output, 'GET /api/health 200 ');
    const lines = pretty.output().split('\n');
    expect(lines.filter((line) => line.includes('/api/health'))).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/health 200 \d+(\.\d)? ms$/),
    ]);
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    pretty.child.kill('SIGTERM');
    expect(await pretty.exited).toBe(0);

    // The output here is a pipe: `auto` writes JSON for a log collector.
    const json = start(dataDir);
    const jsonUrl = await json.listening;
    await fetch(`${jsonUrl}/api/health`);
    await waitForOutput(json.output, '"url":"/api/health"');
    const request = json
      .output()
      .split('\n')
      .find((line) => line.includes('/api/health'));
    expect(JSON.parse(request!)).toMatchObject({
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
    });
  },
);

test.skipIf(testDb === 'postgres')(
  'a new store’s admin password comes last at start-up, set apart, after the catalogue’s address',
  { timeout: 60_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-main-'));
    dirs.push(dataDir);
    // JSON lines (the output is a pipe): the logger writes them asynchronously, after the fact.
    const server = start(dataDir, { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    await server.listening;
    await waitForOutput(server.output, '=\n\n');
    const output = server.output();
    const block = output.slice(output.indexOf('\n\n===='));
    expect(block).toMatch(
      new RegExp(
        [
          '',
          '',
          '={72}',
          '  An admin account was created for this new store\\. Its password is shown only once:',
          '',
          '    email:    admin@bindery\\.local',
          '    password: [A-Za-z0-9_-]{16}',
          '',
          '  Sign in at http://localhost:\\d+/store/login/admin',
          '  \\(set ADMIN_EMAIL and ADMIN_PASSWORD, or run "npm run create-admin", to choose your own\\)',
          '={72}',
          '',
          '',
        ].join('\\n') + '$',
      ),
    );
    // Everything else start-up says comes before it, the catalogue's address included.
    expect(output.indexOf('Bindery is open at http://localhost:')).toBeGreaterThan(-1);
    expect(output.indexOf('Bindery is open at')).toBeLessThan(output.indexOf(block));
    expect(output.indexOf('Test checkout active')).toBeLessThan(output.indexOf(block));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  },
);
