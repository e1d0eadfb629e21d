import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadStoreDataConfig, type StoreDataConfig } from '../config.js';
import { DataDirLockedError, openDatabase } from '../db/client.js';
import {
  BackupError,
  type BackupResult,
  backupStore,
  controlSocketPath,
  formatBytes,
  isSocketPathTooLong,
  postgresSnapshot,
  redactUrl,
  requestBackup,
  socketPathTooLongMessage,
  sqliteSnapshot,
} from '../features/backup/index.js';
import { onlyArgument, printTables, runCommand } from './command.js';

const USAGE = 'Usage: npm run backup -- <backup-dir>';

const report = (line: string) => console.log(`  ${line}`);

/** Ctrl-C or a stop: the backup ends cleanly, removing what it wrote, instead of leaving half of it. */
const stopped = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () =>
    stopped.abort(new BackupError(`Stopped by ${signal}: what the backup wrote was removed.`)),
  );
}

async function main() {
  const argument = onlyArgument(USAGE);
  // The backup holds the database, the files and the secret: its owner's alone.
  process.umask(0o077);
  const config = loadStoreDataConfig();
  const targetDir = path.resolve(config.invokedFrom, argument);

  let result: BackupResult;
  if (config.database.kind === 'postgres') {
    console.log(
      `Backing up the store (PostgreSQL at ${redactUrl(config.database.url)}, files in ` +
        `${config.dataDir}) to ${targetDir}, with pg_dump`,
    );
    result = await backupStore({
      dataDir: config.dataDir,
      targetDir,
      filesInBucket: config.filesInBucket,
      snapshot: postgresSnapshot(config.database.url, config.pgDump),
      report,
      signal: stopped.signal,
    });
  } else {
    console.log(`Backing up the store in ${config.dataDir} (SQLite) to ${targetDir}`);
    result = await backupSqlite(config, config.database.filename, targetDir);
  }

  const { manifest } = result;
  console.log('Rows per table:');
  printTables(Object.entries(manifest.tables).map(([name, rows]) => ({ name, rows })));
  if (manifest.files.storage === 'local') {
    console.log(`Files: ${manifest.files.count} (${formatBytes(manifest.files.bytes)})`);
  }
  if (manifest.missingUploads.length > 0) {
    console.error(
      `Warning: ${manifest.missingUploads.length} uploads named by the database have no file in ` +
        'the data directory, so none in the backup:',
    );
    for (const upload of manifest.missingUploads) {
      console.error(
        `  ${upload.path} (${upload.productId ? `product ${upload.productId}` : 'not used by a product'})`,
      );
    }
    console.error(
      `The backup in ${targetDir} is written but incomplete; manifest.json lists them.`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`Backup complete: ${targetDir}`);
}

/**
 * A running store takes the snapshot itself (it holds the database's lock); otherwise this
 * command opens the database, which also keeps a store from starting until the backup is done.
 */
async function backupSqlite(
  config: StoreDataConfig,
  filename: string,
  targetDir: string,
): Promise<BackupResult> {
  if (!existsSync(filename)) {
    throw new BackupError(
      `There is no store to back up in ${config.dataDir}: it has no bindery.db. Set DATA_DIR to ` +
        "the store's data directory.",
    );
  }
  const socketPath = controlSocketPath(config.dataDir);
  const tooLong = isSocketPathTooLong(socketPath);
  if (!tooLong) {
    const answered = await requestBackup(socketPath, targetDir, report, stopped.signal);
    if (answered) return answered;
  }
  let database;
  try {
    database = openDatabase({ kind: 'sqlite', filename });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const store = `The store is running on ${config.dataDir}${error.pid ? ` (pid ${error.pid})` : ''}`;
    throw new BackupError(
      tooLong
        ? `${store}, and ${socketPathTooLongMessage(socketPath)}, so it cannot take the backup ` +
            'itself. Stop the store and run the backup again, or set DATA_DIR to a shorter path.'
        : `${store} but does not answer on ${socketPath}. Stop the store and run the backup again.`,
    );
  }
  try {
    return await backupStore({
      dataDir: config.dataDir,
      targetDir,
      filesInBucket: config.filesInBucket,
      snapshot: sqliteSnapshot(database.sqlite!, 'taken by this command, the store not running'),
      report,
      signal: stopped.signal,
    });
  } finally {
    await database.close();
  }
}

runCommand(main);
