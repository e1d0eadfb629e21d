import path from 'node:path';
import { loadStoreDataConfig } from '../config.js';
import {
  formatBytes,
  postgresRestoreTarget,
  redactUrl,
  restoreStore,
  sqliteRestoreTarget,
} from '../features/backup/index.js';
import { onlyArgument, printTables, runCommand } from './command.js';

const USAGE = 'Usage: npm run restore -- <backup-dir>';

async function main() {
  const argument = onlyArgument(USAGE);
  // What is restored is the store's user's alone, as main.ts keeps the data directory.
  process.umask(0o077);
  const config = loadStoreDataConfig();
  const backupDir = path.resolve(config.invokedFrom, argument);
  const { database } = config;
  const target =
    database.kind === 'postgres'
      ? postgresRestoreTarget(database.url, config.pgRestore)
      : sqliteRestoreTarget(config.dataDir);

  console.log(
    `Restoring ${backupDir} into ${config.dataDir}` +
      (database.kind === 'postgres'
        ? ` and the PostgreSQL database at ${redactUrl(database.url)}, with pg_restore`
        : ''),
  );
  const result = await restoreStore({
    backupDir,
    dataDir: config.dataDir,
    target,
    report: (line) => console.log(`  ${line}`),
  });

  const { manifest } = result;
  console.log(`Rows per table, each as in the backup of ${manifest.createdAt}:`);
  printTables(Object.entries(result.tables).map(([name, rows]) => ({ name, rows })));
  if (manifest.files.storage === 'local') {
    console.log(
      `Files: ${result.files.count} (${formatBytes(result.files.bytes)}), as in the backup`,
    );
  }
  if (manifest.missingUploads.length > 0) {
    console.warn(
      `Warning: the backup lacked ${manifest.missingUploads.length} uploaded files (listed in its ` +
        'manifest.json); their products show no image or cannot be downloaded.',
    );
  }
  console.log(
    `Restore complete: start the store with DATA_DIR=${config.dataDir}` +
      (database.kind === 'postgres' ? ' and this DATABASE_URL.' : '.'),
  );
}

runCommand(main);
