import { spawn } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type pg from 'pg';
import { BackupError } from './backup-error.js';
import { quoteIdentifier, type TakeSnapshot } from './backup.js';
import { PRIVATE_FILE_MODE } from './data-files.js';
import type { UploadRef } from './manifest.js';
import type { RestoreTarget } from './restore.js';

/**
 * PostgreSQL's side of backup and restore: pg_dump writes the snapshot (custom format) and
 * pg_restore reads it back. Only the commands load this module; the store never does.
 */

export const POSTGRES_BACKUP_FILE = 'database.dump';

/** A PostgreSQL URL as it may be shown: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable URL)';
  }
}

/** A connection of our own, reading BIGINT as a number as the store does. */
// Loaded when a command needs PostgreSQL: the running store reaches this file through the
// backup feature's entry (its control socket), and a SQLite store must start without the driver.
const require = createRequire(import.meta.url);
const loadPg = () => require('pg') as typeof pg;

export async function connectPostgres(url: string): Promise<pg.Client> {
  const pg = loadPg();
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection that breaks mid-command fails that command; it must not end the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new BackupError(
      `Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  return client;
}

interface ServerVersion {
  text: string;
  major: number;
}

async function serverVersionOf(client: pg.Client): Promise<ServerVersion> {
  const { rows } = await client.query<{ text: string; num: string }>(
    `SELECT current_setting('server_version') AS text, current_setting('server_version_num') AS num`,
  );
  return { text: rows[0]!.text.split(' ')[0]!, major: Math.floor(Number(rows[0]!.num) / 10000) };
}

interface Tool {
  path: string;
  /** `15.18`, as the program prints it. */
  version: string;
  major: number;
}

/** The program and its version; a clear refusal when it cannot be run. */
async function findTool(
  program: string,
  name: 'pg_dump' | 'pg_restore',
  variable: 'PG_DUMP' | 'PG_RESTORE',
  wantedMajor: number,
): Promise<Tool> {
  const missing = () =>
    new BackupError(
      `${name} was not found (${program === name ? `no ${name} on PATH` : `${variable}=${program}`}). ` +
        `Install PostgreSQL's client programs, version ${wantedMajor} or newer, or set ` +
        `${variable} to the ${name} to use.`,
    );
  let result: { code: number | null; stdout: string; stderr: string };
  try {
    result = await run(program, ['--version']);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES') throw missing();
    throw error;
  }
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(result.stdout);
  if (result.code !== 0 || !match) throw missing();
  return {
    path: program,
    version: match[2] === undefined ? match[1]! : `${match[1]}.${match[2]}`,
    major: Number(match[1]),
  };
}

function versionMismatch(tool: Tool, server: ServerVersion): BackupError {
  return new BackupError(
    `pg_dump ${tool.version} cannot back up this PostgreSQL ${server.text} server: pg_dump must ` +
      `be of the server's version or newer. Install PostgreSQL ${server.major}'s client programs ` +
      `and set PG_DUMP to that pg_dump (on Debian: /usr/lib/postgresql/${server.major}/bin/pg_dump).`,
  );
}

/** Rows per table of the store's schema (the connection's current schema). */
export async function countPostgresRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const result = await client.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM ${quoteIdentifier(name)}`,
    );
    counts[name] = result.rows[0]!.n;
  }
  return counts;
}

/**
 * The snapshot by pg_dump --format=custom. The row counts and the uploads are read in a
 * transaction whose snapshot pg_dump then shares (--snapshot), so the manifest describes
 * exactly what the dump holds, however busy the store is meanwhile.
 */
export function postgresSnapshot(url: string, pgDump: string): TakeSnapshot {
  return async (backupDir, signal) => {
    const client = await connectPostgres(url);
    try {
      const server = await serverVersionOf(client);
      const tool = await findTool(pgDump, 'pg_dump', 'PG_DUMP', server.major);
      if (tool.major < server.major) throw versionMismatch(tool, server);
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      const tables = await countPostgresRows(client);
      const uploads =
        'uploads' in tables
          ? (
              await client.query<UploadRef>(
                `SELECT id, kind, format, product_id AS "productId" FROM uploads ORDER BY id`,
              )
            ).rows
          : [];
      const file = path.join(backupDir, POSTGRES_BACKUP_FILE);
      const dumped = await run(
        tool.path,
        ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`, ...connectionArgs(url)],
        { env: passwordEnv(url), signal },
      );
      if (dumped.code !== 0) {
        if (/server version mismatch/.test(dumped.stderr)) throw versionMismatch(tool, server);
        throw new BackupError(`pg_dump failed (exit ${dumped.code}):\n${dumped.stderr.trim()}`);
      }
      await client.query('COMMIT');
      await chmod(file, PRIVATE_FILE_MODE);
      return {
        database: {
          kind: 'postgres',
          file: POSTGRES_BACKUP_FILE,
          method: `pg_dump --format=custom, ${tool.path} version ${tool.version}`,
          serverVersion: server.text,
        },
        tables,
        uploads,
      };
    } finally {
      await client.end().catch(() => {});
    }
  };
}

/** Refuses a database that already has tables: a restore goes into an empty one only. */
export async function refuseUnlessPostgresEmpty(client: pg.Client, url: string) {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname NOT LIKE 'pg_toast%'
     ORDER BY 1`,
  );
  if (rows.length > 0) {
    const names = rows.slice(0, 5).map((row) => row.name);
    throw new BackupError(
      `The database ${redactUrl(url)} already has tables (${rows.length}: ` +
        `${names.join(', ')}${rows.length > names.length ? ', …' : ''}): restore only into an ` +
        'empty database. Create a new one (createdb) and set DATABASE_URL to it.',
    );
  }
}

/** Loads a dump into the (empty) database, all of it or nothing (one transaction). */
export async function restorePostgresDump(url: string, pgRestore: string, file: string) {
  const client = await connectPostgres(url);
  let server: ServerVersion;
  try {
    server = await serverVersionOf(client);
  } finally {
    await client.end().catch(() => {});
  }
  const tool = await findTool(pgRestore, 'pg_restore', 'PG_RESTORE', server.major);
  const restored = await run(
    tool.path,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...connectionArgs(url),
      file,
    ],
    { env: passwordEnv(url) },
  );
  if (restored.code !== 0) {
    const hint = /unsupported version/.test(restored.stderr)
      ? `\npg_restore ${tool.version} cannot read a dump made by a newer pg_dump: set PG_RESTORE ` +
        'to the pg_restore of the version that made it, or newer.'
      : '';
    throw new BackupError(
      `pg_restore failed (exit ${restored.code}); nothing was restored:\n${restored.stderr.trim()}${hint}`,
    );
  }
}

/** The database to connect to, with the password left out of the command line (others can read it there). */
function connectionArgs(url: string): string[] {
  const parsed = new URL(url);
  parsed.password = '';
  return ['--no-password', `--dbname=${parsed.toString()}`];
}

function passwordEnv(url: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(url).password);
  return password ? { ...process.env, PGPASSWORD: password } : { ...process.env };
}

function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const stop = () => child.kill('SIGTERM');
    options.signal?.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', stop);
      reject(error);
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', stop);
      if (options.signal?.aborted) reject(options.signal.reason);
      else resolve({ code, stdout, stderr });
    });
  });
}

/** A restore into the PostgreSQL database at `url`, by pg_restore. */
export function postgresRestoreTarget(url: string, pgRestore: string): RestoreTarget {
  const withClient = async <T>(use: (client: pg.Client) => Promise<T>) => {
    const client = await connectPostgres(url);
    try {
      return await use(client);
    } finally {
      await client.end().catch(() => {});
    }
  };
  return {
    kind: 'postgres',
    refuseUnlessEmpty: () => withClient((client) => refuseUnlessPostgresEmpty(client, url)),
    load: (file) => restorePostgresDump(url, pgRestore, file),
    countRows: () => withClient(countPostgresRows),
  };
}
