// `npm test` here: the browser tests in shards that run at once, each against a store of its
// own (its own port, data directory and mail sink, as playwright.config.ts makes them from
// E2E_PORT), so no test sees another shard's products or orders; and the @postgres flows
// against the store on PostgreSQL, from when the first shard ends. Each run's output is printed
// whole when it ends, so the lists stay readable and every summary line ("12 passed") stays on a
// line of its own.
//
//   node run-all.mjs [playwright test arguments]    E2E_SHARDS=1 runs one store, as before.
import { spawn } from 'node:child_process';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 4310);
/** Ports apart for each shard's store and mail sink (the PostgreSQL run uses 4320 to 4322). */
const PORTS_PER_SHARD = 40;
// Arguments (a spec file, -g …) go to every run; a run they leave without tests passes.
const extraArgs = process.argv.length > 2 ? ['--pass-with-no-tests', ...process.argv.slice(2)] : [];

/**
 * The environment of one shard: its own port and output folders, and nothing of another run's
 * store or mail.
 */
function envFor(shard, port) {
  const env = {
    ...process.env,
    E2E_PORT: String(port),
    E2E_OUTPUT_DIR: `test-results/shard-${shard}`,
    E2E_REPORT_DIR: `playwright-report/shard-${shard}`,
  };
  for (const name of ['E2E_DATA_DIR', 'MAIL_SINK_SMTP_PORT', 'MAIL_SINK_HTTP_PORT']) {
    delete env[name];
  }
  return env;
}

/** Runs `playwright test` with `args`; answers its exit code once its output is printed. */
function playwright(args, env) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const shardRuns = Array.from({ length: shards }, (_, index) =>
  playwright(
    [...(shards > 1 ? [`--shard=${index + 1}/${shards}`] : []), ...extraArgs],
    envFor(index + 1, firstPort + index * PORTS_PER_SHARD),
  ),
);
// The PostgreSQL run (its own port, store and output folder) starts as soon as one shard is
// done, beside the slower shard, rather than after both: the shards seldom end together, and a
// core waits meanwhile (decision 044).
await Promise.race(shardRuns);
const postgresRun = playwright(['-c', 'playwright.postgres.config.ts', ...extraArgs], {
  ...process.env,
  E2E_OUTPUT_DIR: 'test-results/postgres',
  E2E_REPORT_DIR: 'playwright-report/postgres',
});
const codes = await Promise.all([...shardRuns, postgresRun]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
