import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadStoreDataConfig } from '../config.js';
import { DataDirLockedError, openDatabase, type DatabaseHandle } from '../db/client.js';
import { BackupError, copyToPostgres, redactUrl } from '../features/backup/index.js';
import { onlyArgument, printTables, runCommand } from './command.js';

const USAGE = 'Usage: npm run copy-to-postgres -- <postgres-url>';

async function main() {
  const url = onlyArgument(USAGE);
  if (!/^postgres(ql)?:\/\/./.test(url)) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadStoreDataConfig();
  // The SQLite store is DATA_DIR's, whatever DATABASE_URL says.
  const filename = path.join(config.dataDir, 'bindery.db');
  if (!existsSync(filename)) {
    throw new BackupError(
      `There is no SQLite store in ${config.dataDir}: it has no bindery.db. Set DATA_DIR to the ` +
        "store's data directory.",
    );
  }
  let source: DatabaseHandle;
  try {
    source = openDatabase({ kind: 'sqlite', filename });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `Stop the store first: it is running on ${config.dataDir}` +
        `${error.pid ? ` (pid ${error.pid})` : ''}. copy-to-postgres copies a stopped store, so ` +
        'that no order is written after its copy.',
    );
  }

  console.log(`Copying ${filename} to PostgreSQL at ${redactUrl(url)}`);
  try {
    const result = await copyToPostgres({
      source,
      targetUrl: url,
      report: (line) => console.log(`  ${line}`),
    });
    printTables(
      result.tables
        .toSorted((a, b) => (a.name < b.name ? -1 : 1))
        .map((table) => ({
          name: table.name,
          rows: table.rows,
          note: table.copied ? undefined : '(kept by PostgreSQL itself, checked)',
        })),
    );
    const copied = result.tables.filter((table) => table.copied);
    const rows = copied.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Copied ${copied.length} tables, ${rows} rows; the row counts match and ` +
        `${result.sampledRows} sampled rows are equal field by field.`,
    );
    console.log(
      'Next: start the store with DATABASE_URL set to this database and the same DATA_DIR ' +
        '(its files and secret.key stay there). Keep bindery.db until the store runs well on PostgreSQL.',
    );
  } finally {
    await source.close();
  }
}

runCommand(main);
