import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './types.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * SQLite only: the connection itself, for what the query builder cannot do (the online
   * backup) or does too slowly (the rows of an index search's page).
   */
  sqlite?: SqliteDatabase.Database;
  close(): Promise<void>;
  /** Where a lost connection is reported (PostgreSQL); by default it is written to stderr. */
  onConnectionError(listener: (error: Error) => void): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: string | undefined,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Bindery process` +
        `${pid ? ` (pid ${pid})` : ''}. Stop that process first, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const require = createRequire(import.meta.url);

/**
 * The PostgreSQL driver, loaded only by a store that uses PostgreSQL (a SQLite store starts
 * without it).
 */
function loadPg(): typeof PgModule {
  const pg = require('pg') as typeof PgModule;
  // BIGINT columns hold millisecond timestamps and counts, well inside Number's safe range.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return pg;
}

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  return config.kind === 'sqlite' ? openSqlite(config.filename) : openPostgres(config.url);
}

function openPostgres(url: string): DatabaseHandle {
  const pg = loadPg();
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process (the next query
  // reconnects), but it must not pass unseen either.
  let report = (error: Error) => console.error('PostgreSQL connection error:', error.message);
  pool.on('error', (error) => report(error));
  // The pool listens to a client only while it is idle; one whose socket breaks while checked
  // out would otherwise raise an uncaught 'error' and end the process. The query fails instead.
  pool.on('connect', (client) => client.on('error', (error) => report(error)));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    onConnectionError: (listener) => {
      report = listener;
    },
  };
}

function openSqlite(filename: string): DatabaseHandle {
  const inMemory = filename === ':memory:';
  const pidFile = `${filename}.pid`;
  if (!inMemory) mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new SqliteDatabase(filename);
  if (!inMemory) holdExclusiveLock(sqlite, path.dirname(filename), pidFile);
  sqlite.pragma('journal_mode = WAL');
  // FULL makes each commit durable across power loss, not only across a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    // A file has no connection to lose.
    onConnectionError: () => {},
    close: async () => {
      await db.destroy();
      if (!inMemory) rmSync(pidFile, { force: true });
    },
  };
}

/** How many distinct statements a SQLite connection keeps compiled. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as the query builder sees it, with each statement compiled once and reused:
 * the builder asks for a statement on every query, and compiling the same SQL again cost a
 * tenth of a catalogue request. Statements are kept least recently used first out; one being
 * iterated (a streamed read) is never handed to a second caller.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string) => {
    const cached = statements.get(source);
    if (cached && !cached.busy) {
      statements.delete(source);
      statements.set(source, cached);
      return cached;
    }
    const statement = sqlite.prepare(source);
    if (cached) return statement;
    statements.set(source, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) {
      statements.delete(statements.keys().next().value!);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      // Native methods must be called on the connection itself, not on this view of it.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Takes SQLite's own exclusive lock and keeps it for the life of the process, so a second
 * server on the same data directory fails at once instead of corrupting it. The OS drops the
 * lock when the process dies, so a crash never leaves a stale lock behind; the pid file only
 * makes the message helpful.
 */
function holdExclusiveLock(sqlite: SqliteDatabase.Database, dataDir: string, pidFile: string) {
  sqlite.pragma('locking_mode = EXCLUSIVE');
  sqlite.pragma('busy_timeout = 0');
  try {
    sqlite.exec('BEGIN EXCLUSIVE; COMMIT;');
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DataDirLockedError(dataDir, readPid(pidFile));
    }
    throw error;
  }
  writeFileSync(pidFile, `${process.pid}\n`);
}

function readPid(pidFile: string): string | undefined {
  try {
    return readFileSync(pidFile, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
