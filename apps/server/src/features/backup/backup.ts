import { chmod, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { BackupError } from './backup-error.js';
import {
  copyFileDurably,
  copyTree,
  exists,
  makePrivateDir,
  PRIVATE_FILE_MODE,
  SECRET_FILE,
  STORAGE_AREAS,
  uploadObjectPath,
  type FileTally,
} from './data-files.js';
import { isMissing, syncDirectory } from '../../lib/durable-files.js';
import {
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  writeManifest,
  type Manifest,
  type UploadRef,
} from './manifest.js';
import { isInsideReally } from './real-paths.js';

export const SQLITE_BACKUP_FILE = 'bindery.db';
/** Pages the online backup copies per turn of the event loop: requests are served in between. */
const PAGES_PER_STEP = 100;

/** The database part of a backup, as written into the backup directory. */
export interface DatabaseSnapshot {
  database: Manifest['database'];
  /** Rows per table, read from the snapshot itself. */
  tables: Record<string, number>;
  /** Every upload the snapshot names, to check that its object is in the backup too. */
  uploads: UploadRef[];
}

/** Writes the database's snapshot into the backup directory. */
export type TakeSnapshot = (backupDir: string, signal: AbortSignal) => Promise<DatabaseSnapshot>;

export interface BackupOptions {
  dataDir: string;
  /** Absolute; must not exist yet, or be an empty directory. */
  targetDir: string;
  /** The uploaded files are in a bucket (S3_BUCKET), not under the data directory. */
  filesInBucket: boolean;
  snapshot: TakeSnapshot;
  /** A line for the operator, as each step finishes. */
  report?: (line: string) => void;
  /** Stops the backup (the store is shutting down, the command went away); what it wrote is removed. */
  signal?: AbortSignal;
}

export interface BackupResult {
  targetDir: string;
  manifest: Manifest;
}

/**
 * Writes a consistent backup of a store: the database's snapshot first, then the files (written
 * once and renamed into place, so any file the snapshot names is complete when copied), then
 * secret.key and last the manifest, so a directory without one is an unfinished backup.
 */
export async function backupStore(options: BackupOptions): Promise<BackupResult> {
  const { dataDir, targetDir, filesInBucket } = options;
  const report = options.report ?? (() => {});
  const signal = options.signal ?? new AbortController().signal;
  if (await isInsideReally(targetDir, dataDir)) {
    throw new BackupError(
      `The backup directory ${targetDir} is inside the data directory ${dataDir}: choose one ` +
        'outside it (a backup kept with the data is lost with it).',
    );
  }
  const created = await prepareTarget(targetDir);
  try {
    const snapshot = await options.snapshot(targetDir, signal);
    report(`database: ${snapshot.database.file} (${snapshot.database.method})`);

    let files: Manifest['files'];
    let missingUploads: Manifest['missingUploads'] = [];
    if (filesInBucket) {
      files = { storage: 'bucket' };
      report(
        'files: NOT in this backup. They are in the S3 bucket (S3_BUCKET); keep them with the ' +
          "bucket's own versioning or replication.",
      );
    } else {
      const tally: FileTally = { count: 0, bytes: 0 };
      for (const area of STORAGE_AREAS) {
        await copyTree(path.join(dataDir, area), path.join(targetDir, area), signal, tally);
      }
      missingUploads = await copyMissingUploads(dataDir, targetDir, snapshot.uploads, tally);
      files = { storage: 'local', ...tally };
      report(`files: ${tally.count} (${formatBytes(tally.bytes)}) from public/ and private/`);
    }

    signal.throwIfAborted();
    const hasSecret =
      (await copyFileDurably(
        path.join(dataDir, SECRET_FILE),
        path.join(targetDir, SECRET_FILE),
      )) !== undefined;
    report(
      hasSecret
        ? `${SECRET_FILE}: copied (the download links already handed out depend on it)`
        : `${SECRET_FILE}: none in the data directory (SESSION_SECRET is set: keep that value with the backup)`,
    );

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      database: snapshot.database,
      tables: snapshot.tables,
      files,
      missingUploads,
      secretKey: hasSecret,
    };
    signal.throwIfAborted();
    await writeManifest(targetDir, manifest);
    await syncDirectory(targetDir);
    return { targetDir, manifest };
  } catch (error) {
    await removeWritten(targetDir, created);
    throw error;
  }
}

/**
 * Every upload the snapshot names must have its object in the backup. One missing after the
 * copy may have been renamed into place since (its row is written first): it is copied now.
 * What is still missing is returned.
 */
async function copyMissingUploads(
  dataDir: string,
  targetDir: string,
  uploads: UploadRef[],
  tally: FileTally,
): Promise<Manifest['missingUploads']> {
  const missing: Manifest['missingUploads'] = [];
  for (const upload of uploads) {
    const relative = uploadObjectPath(upload);
    if (await exists(path.join(targetDir, relative))) continue;
    const bytes = await copyFileDurably(
      path.join(dataDir, relative),
      path.join(targetDir, relative),
    );
    if (bytes === undefined) missing.push({ ...upload, path: relative });
    else {
      tally.count += 1;
      tally.bytes += bytes;
    }
  }
  return missing;
}

/** Refuses a target that holds anything; creates it when missing. True when it was created. */
async function prepareTarget(targetDir: string): Promise<boolean> {
  if (!path.isAbsolute(targetDir)) {
    throw new BackupError(`The backup directory must be an absolute path (got ${targetDir}).`);
  }
  let entries: string[];
  try {
    entries = await readdir(targetDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new BackupError(
        `${targetDir} exists and is not a directory: choose a new or empty directory.`,
      );
    }
    if (!isMissing(error)) throw error;
    await makePrivateDir(targetDir);
    return true;
  }
  if (entries.length > 0) {
    throw new BackupError(
      `The backup directory ${targetDir} is not empty: choose a new or empty directory.`,
    );
  }
  await makePrivateDir(targetDir);
  return false;
}

/** After a failure, removes what the backup wrote: the directory it made, or the empty one's contents. */
async function removeWritten(targetDir: string, created: boolean) {
  if (created) {
    await rm(targetDir, { recursive: true, force: true });
    return;
  }
  for (const name of await readdir(targetDir).catch(() => [])) {
    await rm(path.join(targetDir, name), { recursive: true, force: true });
  }
}

/**
 * The SQLite snapshot through SQLite's online backup API on the given connection: the copy is
 * taken in small steps, between which the store keeps serving, and a write made through the same
 * connection meanwhile is carried into the copy, so it is the database as of its last step. The
 * copy is then made self-contained (rollback journal, no WAL file) and counted.
 */
export function sqliteSnapshot(connection: SqliteDatabase.Database, takenBy: string): TakeSnapshot {
  return async (backupDir, signal) => {
    const file = path.join(backupDir, SQLITE_BACKUP_FILE);
    await connection.backup(file, {
      progress: () => {
        // Throwing here stops the backup and removes the partial copy.
        signal.throwIfAborted();
        return PAGES_PER_STEP;
      },
    });
    await chmod(file, PRIVATE_FILE_MODE);
    const copy = new SqliteDatabase(file);
    try {
      copy.pragma('journal_mode = DELETE');
      const tables = countSqliteRows(copy);
      const uploads =
        'uploads' in tables
          ? (copy
              .prepare('SELECT id, kind, format, product_id AS productId FROM uploads ORDER BY id')
              .all() as UploadRef[])
          : [];
      const { size } = await stat(file);
      return {
        database: {
          kind: 'sqlite',
          file: SQLITE_BACKUP_FILE,
          method: `SQLite online backup ${takenBy}, ${formatBytes(size)}`,
        },
        tables,
        uploads,
      };
    } finally {
      copy.close();
    }
  };
}

/** Rows per table of a SQLite database: its own tables, not SQLite's nor the search index's. */
export function countSqliteRows(connection: SqliteDatabase.Database): Record<string, number> {
  const tables = sqliteTableNames(connection);
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const row = connection.prepare(`SELECT count(*) AS n FROM ${quoteIdentifier(name)}`).get() as {
      n: number;
    };
    counts[name] = row.n;
  }
  return counts;
}

/** The ordinary tables of a SQLite database, by name: no virtual tables, their shadows or SQLite's own. */
export function sqliteTableNames(connection: SqliteDatabase.Database): string[] {
  const rows = connection.pragma('table_list') as Array<{
    schema: string;
    name: string;
    type: string;
  }>;
  return rows
    .filter(
      (row) => row.schema === 'main' && row.type === 'table' && !row.name.startsWith('sqlite_'),
    )
    .map((row) => row.name)
    .sort();
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
