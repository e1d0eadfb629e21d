import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { BackupError } from './backup-error.js';
import { countSqliteRows, SQLITE_BACKUP_FILE } from './backup.js';
import {
  copyFileDurably,
  copyTree,
  exists,
  findAnyFile,
  makePrivateDir,
  SECRET_FILE,
  STORAGE_AREAS,
  tallyFiles,
  type FileTally,
} from './data-files.js';
import { syncDirectory } from '../../lib/durable-files.js';
import { readManifest, type Manifest } from './manifest.js';
import { isInsideReally } from './real-paths.js';

/** Where a restore puts the database. */
export interface RestoreTarget {
  kind: 'sqlite' | 'postgres';
  /** Refuses a database that already holds anything. */
  refuseUnlessEmpty(): Promise<void>;
  /** Loads the backup's database file, all of it or nothing. */
  load(databaseFile: string): Promise<void>;
  countRows(): Promise<Record<string, number>>;
}

export interface RestoreOptions {
  backupDir: string;
  dataDir: string;
  target: RestoreTarget;
  report?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  tables: Record<string, number>;
  files: FileTally;
}

/** The restored database is the data directory's bindery.db. */
export function sqliteRestoreTarget(dataDir: string): RestoreTarget {
  const file = path.join(dataDir, SQLITE_BACKUP_FILE);
  return {
    kind: 'sqlite',
    // The data directory holds no file at all, so no database either.
    refuseUnlessEmpty: async () => {},
    async load(databaseFile) {
      await copyFileDurably(databaseFile, file);
    },
    async countRows() {
      const connection = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
      try {
        return countSqliteRows(connection);
      } finally {
        connection.close();
      }
    },
  };
}

/**
 * Brings a backup back into an empty data directory (and, for PostgreSQL, an empty database):
 * the files and secret.key first, the database last (so a database that fails to load leaves
 * nothing behind), then checks every table's rows and the files against the manifest.
 */
export async function restoreStore(options: RestoreOptions): Promise<RestoreResult> {
  const { backupDir, dataDir, target } = options;
  const report = options.report ?? (() => {});
  const manifest = await readManifest(backupDir);
  const databaseFile = path.join(backupDir, manifest.database.file);
  if (!(await exists(databaseFile))) {
    throw new BackupError(
      `${backupDir} is not a complete backup: its database file ${manifest.database.file} is missing.`,
    );
  }
  refuseOtherKind(manifest, target);
  // Restoring into a folder of the backup would copy the backup into itself.
  if (await isInsideReally(dataDir, backupDir)) {
    throw new BackupError(
      `The data directory ${dataDir} is inside the backup ${backupDir}: choose a data ` +
        'directory outside it.',
    );
  }
  const found = await findAnyFile(dataDir);
  if (found) {
    throw new BackupError(
      `The data directory ${dataDir} is not empty (it holds ${found}): restore only into an ` +
        'empty data directory. Set DATA_DIR to a new directory, or empty this one first.',
    );
  }
  await target.refuseUnlessEmpty();

  await makePrivateDir(dataDir);
  const before = new Set(await readdir(dataDir));
  let files: FileTally = { count: 0, bytes: 0 };
  try {
    if (manifest.files.storage === 'local') {
      for (const area of STORAGE_AREAS) {
        await copyTree(path.join(backupDir, area), path.join(dataDir, area), undefined, files);
      }
      report(`files: ${files.count} into public/ and private/`);
    } else {
      report(
        "files: none in this backup; they were in the S3 bucket, kept by the bucket's own " +
          'versioning or replication',
      );
    }
    if (manifest.secretKey) {
      await copyFileDurably(path.join(backupDir, SECRET_FILE), path.join(dataDir, SECRET_FILE));
      report(`${SECRET_FILE}: restored`);
    } else {
      report(`${SECRET_FILE}: none in the backup (the store used SESSION_SECRET: set it again)`);
    }
    await target.load(databaseFile);
    report(`database: ${manifest.database.file} restored`);
    await syncDirectory(dataDir);
  } catch (error) {
    await removeWritten(dataDir, before);
    throw error;
  }

  const tables = await target.countRows();
  files = manifest.files.storage === 'local' ? await tallyRestoredFiles(dataDir) : files;
  const problems = compare(manifest, tables, files);
  if (problems.length > 0) {
    throw new BackupError(
      `The restored data does not match the backup's manifest:\n${problems.map((line) => `  ${line}`).join('\n')}\n` +
        'What was restored is left in place for inspection; empty it before restoring again.',
    );
  }
  return { manifest, tables, files };
}

function refuseOtherKind(manifest: Manifest, target: RestoreTarget) {
  if (manifest.database.kind === target.kind) return;
  if (manifest.database.kind === 'sqlite') {
    throw new BackupError(
      'This backup holds a SQLite store: restore it with DATABASE_URL unset, then move it to ' +
        'PostgreSQL with npm run copy-to-postgres.',
    );
  }
  throw new BackupError(
    `This backup holds a PostgreSQL database (${manifest.database.file}): set DATABASE_URL to an ` +
      'empty PostgreSQL database to restore it into.',
  );
}

async function tallyRestoredFiles(dataDir: string): Promise<FileTally> {
  const tally: FileTally = { count: 0, bytes: 0 };
  for (const area of STORAGE_AREAS) {
    const part = await tallyFiles(path.join(dataDir, area));
    tally.count += part.count;
    tally.bytes += part.bytes;
  }
  return tally;
}

/** Every table's rows and the files' count and bytes, against the manifest. */
function compare(manifest: Manifest, tables: Record<string, number>, files: FileTally): string[] {
  const problems: string[] = [];
  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(tables)])].sort();
  for (const name of names) {
    const expected = manifest.tables[name];
    const actual = tables[name];
    if (expected !== actual) {
      problems.push(
        `${name}: ${actual === undefined ? 'missing' : `${actual} rows`}, the backup has ` +
          `${expected === undefined ? 'no such table' : `${expected} rows`}`,
      );
    }
  }
  if (
    manifest.files.storage === 'local' &&
    (manifest.files.count !== files.count || manifest.files.bytes !== files.bytes)
  ) {
    problems.push(
      `files: ${files.count} (${files.bytes} bytes), the backup has ${manifest.files.count} ` +
        `(${manifest.files.bytes} bytes)`,
    );
  }
  return problems;
}

/** After a failure: what the restore added to a data directory that held no file. */
async function removeWritten(dataDir: string, before: Set<string>) {
  for (const name of await readdir(dataDir).catch(() => [])) {
    const entry = path.join(dataDir, name);
    if (!before.has(name)) await rm(entry, { recursive: true, force: true });
    // An empty directory that was there before keeps itself, not what was copied into it.
    else
      for (const child of await readdir(entry).catch(() => [])) {
        await rm(path.join(entry, child), { recursive: true, force: true });
      }
  }
}
