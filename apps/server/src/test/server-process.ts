import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, testDb } from './build-test-app.js';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const SHIFT_CLOCK = fileURLToPath(new URL('./shift-clock.ts', import.meta.url));
/** What the last lines of a server's output may hold for a failure message. */
const OUTPUT_KEPT = 64 * 1024;

export const ADMIN = { email: 'owner@example.com', password: 'owner password' };

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

/** Where a store under test keeps its data: a data directory, and its own PostgreSQL database. */
export interface StoreData {
  dataDir: string;
  /** Empty for SQLite (the data directory's bindery.db). */
  databaseUrl: string;
  remove(): Promise<void>;
}

/** A fresh data directory, and on the postgres project a fresh database in the suite's server. */
export async function createStoreData(prefix: string): Promise<StoreData> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  if (testDb === 'sqlite') {
    return {
      dataDir,
      databaseUrl: '',
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase('bindery_process');
  return {
    dataDir,
    databaseUrl: scratch.url,
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

/**
 * Starts the real server (main.ts) as its own process on the given data; resolves once it
 * listens. `clockOffsetMs` moves the process's clock forward, as if it had been down that long.
 */
export async function startServer(
  data: StoreData,
  options: { clockOffsetMs?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', SHIFT_CLOCK, MAIN], {
    env: {
      ...process.env,
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: '',
      PAYMENTS: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      // Many buyers sign up from one address in these tests.
      AUTH_REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      TEST_CLOCK_OFFSET_MS: String(options.clockOffsetMs ?? 0),
      ...options.env,
    },
  });
  let output = '';
  let url: string | undefined;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
      url ??= output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before listening:\n${output}`)),
    );
  });
  return { child, url: await listening, exited, output: () => output };
}

/** Stops a server that is still running, hard; for clean-up after a failed test. */
export async function killServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
