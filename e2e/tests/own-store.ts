import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { ADMIN } from './fixtures.js';

// A store of a spec's own, for a setting the configured store does not have (no PUBLIC_URL,
// another currency): the built server on a fresh data directory, stopped by the spec.

const SERVER_MAIN = fileURLToPath(new URL('../../apps/server/dist/store.js', import.meta.url));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** How long a spec's own store may take to answer; its `beforeAll` gets this and a minute. */
export const OWN_STORE_START_MS = 90_000;

export interface OwnStore {
  port: number;
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the store on `port` (a free one when not given) with `env` beside the basics, and
 * resolves once it answers its health check; fails with its error output if it exits first.
 */
export async function startOwnStore({
  port,
  env,
}: {
  port?: number;
  env: Record<string, string>;
}): Promise<OwnStore> {
  const listenOn = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listenOn}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-e2e-own-'));
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A store that makes the demo catalogue answers only once it is made: over 30 s on a two-core
  // machine busy with other work (a test failed so twice), against a few seconds at rest.
  const deadline = Date.now() + OWN_STORE_START_MS;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { port: listenOn, origin, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the store did not start (exit ${child.exitCode}): ${stderr}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * A spec's own store on the port `offset` after the configured store's (the mail sink uses 1
 * and 2; each spec of its own takes another), with the test admin, no demo catalogue and `env`:
 * started before the spec's tests, stopped after them, and the address its pages go to.
 */
export function useOwnStore(offset: number, env: Record<string, string>): { origin: string } {
  const port = Number(process.env.E2E_PORT ?? 4310) + offset;
  const origin = `http://127.0.0.1:${port}`;
  let store: OwnStore | undefined;
  test.use({ baseURL: origin });
  test.beforeAll(async () => {
    test.setTimeout(OWN_STORE_START_MS + 60_000);
    store = await startOwnStore({
      port,
      env: {
        PUBLIC_URL: origin,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
        ...env,
      },
    });
  });
  test.afterAll(async () => {
    await store?.stop();
  });
  return { origin };
}
