import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/**
 * Runs the built store on PostgreSQL for the browser tests: TEST_DATABASE_URL when given, else a
 * throwaway embedded server, with a fresh database either way. Stops both on SIGTERM or SIGINT
 * (an orphaned postgres would outlive the run).
 */
const main = fileURLToPath(new URL('../../dist/store.js', import.meta.url));
const embedded = process.env.TEST_DATABASE_URL ? null : await startEmbeddedPostgres();
const adminUrl = process.env.TEST_DATABASE_URL ?? embedded!.url;
const name = `bindery_e2e_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name}`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const store = spawn(process.execPath, [main], {
  env: { ...process.env, DATABASE_URL: url.toString() },
  stdio: 'inherit',
});
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (store.exitCode === null) {
    store.kill('SIGTERM');
    await new Promise((resolve) => store.once('exit', resolve));
  }
  await embedded?.stop();
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
store.on('exit', (code) => void stop(code ?? 1));
