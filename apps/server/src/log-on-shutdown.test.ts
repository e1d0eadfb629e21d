import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import {
  createStoreData,
  killServer,
  startServer,
  type ServerProcess,
  type StoreData,
} from './test/server-process.js';

/**
 * Requests sent, over this many keep-alive connections: their lines are several times what a
 * pipe holds, so most of them wait in the store while its output is not read.
 */
const REQUESTS = 600;
const CONNECTIONS = 8;

const servers: ServerProcess[] = [];
const stores: StoreData[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await killServer(server);
  for (const store of stores.splice(0)) await store.remove();
});

/** One GET: its status, or the connection error's code. */
function get(url: string, agent: http.Agent | false): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Resolves once `condition` holds; fails after ten seconds. */
async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Counts the lines of `server`'s standard output that contain `text`, from now on. */
function countLines(server: ServerProcess, text: string) {
  let rest = '';
  let found = 0;
  server.child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    found += lines.filter((line) => line.includes(text)).length;
  });
  return () => found;
}

test('a SIGTERM while the log is behind its output still writes every line before the process exits', async () => {
  const store = await createStoreData('bindery-log-on-shutdown');
  stores.push(store);
  const server = await startServer(store);
  servers.push(server);
  const url = `${server.url}/api/products?page=1&limit=3`;
  const logged = countLines(server, '"url":"/api/products?page=1&limit=3"');

  // The log's reader stops reading: the store answers on, its lines wait.
  server.child.stdout!.pause();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const statuses = await Promise.all(Array.from({ length: REQUESTS }, () => get(url, agent)));
  agent.destroy();
  expect(new Set(statuses)).toEqual(new Set(['200']));

  server.child.kill('SIGTERM');
  // The store has closed (the database's pid file is gone) and has only its log left to write;
  // only then is its output read again.
  const pidFile = path.join(store.dataDir, 'bindery.db.pid');
  await until(() => !existsSync(pidFile), 'the store has closed its database');
  server.child.stdout!.resume();

  expect(await server.exited).toBe(0);
  expect(logged()).toBe(REQUESTS);
});
