import { parseArgs } from 'node:util';
import { ConfigError } from '../config.js';
import { DataDirLockedError } from '../db/client.js';
import { BackupError } from '../features/backup/index.js';

/** The one positional argument a command takes; otherwise its usage line and exit status 2. */
export function onlyArgument(usage: string): string {
  let positionals: string[] = [];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch {
    // An option the command does not know: the usage line says what it takes.
  }
  if (positionals.length !== 1 || !positionals[0]) {
    console.error(usage);
    process.exit(2);
  }
  return positionals[0];
}

/** Runs a command: a refusal or a bad setting is printed as it is (no stack trace), exit 1. */
export function runCommand(main: () => Promise<void>) {
  // Output piped into a reader that quits early (`| head`) must not stop a backup half-way.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  main().catch((error: unknown) => {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      console.error(error.message);
    } else if (typeof (error as NodeJS.ErrnoException).code === 'string') {
      // The system said no (permissions, a full disk): its message says what and where.
      console.error((error as Error).message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

/** Rows per table, one aligned line each. */
export function printTables(rows: Array<{ name: string; rows: number; note?: string }>) {
  const width = Math.max(...rows.map((row) => row.name.length));
  const digits = Math.max(...rows.map((row) => String(row.rows).length));
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(width)}  ${String(row.rows).padStart(digits)}${row.note ? `  ${row.note}` : ''}`,
    );
  }
}
