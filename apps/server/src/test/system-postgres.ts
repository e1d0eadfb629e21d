import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server from the machine's own installation (Debian's postgresql package), for the
 * tests of pg_dump and pg_restore: those refuse a server newer than themselves, so they are tested
 * against a server of their own version, not the suite's embedded one.
 */

const PROGRAMS = ['initdb', 'pg_ctl', 'postgres', 'pg_dump', 'pg_restore'];

export interface PostgresPrograms {
  binDir: string;
  major: number;
}

/**
 * POSTGRES_BIN_DIR (CI sets it, and then the programs must be there), else the newest
 * /usr/lib/postgresql/<version>/bin that has them all; undefined when there is none.
 */
export function findPostgresPrograms(): PostgresPrograms | undefined {
  const wanted = process.env.POSTGRES_BIN_DIR;
  const candidates = wanted
    ? [wanted]
    : (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join('/usr/lib/postgresql', version, 'bin'));
  for (const binDir of candidates) {
    if (!PROGRAMS.every((program) => existsSync(path.join(binDir, program)))) continue;
    const version = execFileSync(path.join(binDir, 'pg_dump'), ['--version'], { encoding: 'utf8' });
    const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(version)?.[1]);
    if (major) return { binDir, major };
  }
  if (wanted) {
    throw new Error(
      `POSTGRES_BIN_DIR=${wanted} lacks one of ${PROGRAMS.join(', ')}: install Debian's postgresql`,
    );
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Root may not run PostgreSQL: then its programs run as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

function run(program: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd, ...runAs(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(program)} exited ${code}:\n${output}`)),
    );
  });
}

export interface SystemPostgres {
  /** The `postgres` database, as the superuser. */
  url: string;
  /** A new empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** initdb into a temporary folder, then pg_ctl start on a free port (TCP only, no durability). */
export async function startSystemPostgres(programs: PostgresPrograms): Promise<SystemPostgres> {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'bindery-system-pg-'));
  // The postgres user must be able to create its data directory here.
  chmodSync(parent, 0o777);
  const dataDir = path.join(parent, 'data');
  const bin = (program: string) => path.join(programs.binDir, program);
  await run(
    bin('initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
    parent,
  );
  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  await run(
    bin('pg_ctl'),
    ['-D', dataDir, '-l', path.join(parent, 'server.log'), '-o', options, '-w', 'start'],
    parent,
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await run(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], parent).catch(
        () => {},
      );
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
