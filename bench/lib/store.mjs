// The built store as a child process, started the way an operator starts it, with its log in a
// file of the data directory (reading it through a pipe would cost this process, which drives
// the load, CPU of its own).
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fetchAnswer } from './load.mjs';

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const POLL_MS = 5;

/** The store's resident memory now, in MiB, from the kernel's own count. */
export function residentMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS for process ${pid}`);
  return kib / 1024;
}

/** Polls `path` until it answers 200; other answers and refused connections are retried. */
async function waitForOk(base, pathname, deadline, exited) {
  for (;;) {
    if (exited()) return false;
    try {
      if ((await fetchAnswer(base, pathname)).status === 200) return true;
    } catch {
      // Not accepting connections yet.
    }
    if (Date.now() > deadline) return false;
    await sleep(POLL_MS);
  }
}

/**
 * The command `npm start` runs (`node <options> <file>`), as the arguments to give Node: the
 * store is measured as an operator runs it, with the same Node options.
 */
export function startArguments(root) {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts.start.split(/\s+/);
  if (command !== 'node' || args.length === 0) {
    throw new Error(`package.json's start script is not "node …": ${scripts.start}`);
  }
  return args.map((arg) => (arg.startsWith('-') ? arg : path.join(root, arg)));
}

/**
 * Starts the store as `npm start` does (`startArguments`) on `dataDir` (and `databaseUrl`, empty for SQLite), with
 * `env` added to its environment. Resolves once it printed "Server listening at", answered
 * `GET /api/products` (the start-up time is taken there, from the spawn), answered
 * `GET /api/health`, and, when `readyLine` is given, logged a line matching it.
 */
export async function startStore({ root, dataDir, databaseUrl = '', env = {}, readyLine }) {
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'store.log');
  const logFd = openSync(logFile, 'a');
  // Earlier starts wrote to the same log: only what this one writes counts.
  const logStart = fstatSync(logFd).size;
  const started = performance.now();
  const child = spawn(process.execPath, startArguments(root), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  let exitCode = null;
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    }),
  );
  const hasExited = () => exitCode !== null;
  const log = () => readFileSync(logFile).subarray(logStart).toString();
  const fail = async (why) => {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`the store ${why}; its log ends:\n${log().slice(-3000)}`);
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let base;
  while (!base) {
    base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log())?.[1];
    if (base) break;
    if (hasExited()) return fail(`exited (${exitCode}) before listening`);
    if (Date.now() > deadline) return fail('did not listen in time');
    await sleep(POLL_MS);
  }
  if (!(await waitForOk(base, '/api/products', deadline, hasExited))) {
    return fail('did not answer GET /api/products with 200');
  }
  const startupMs = performance.now() - started;
  if (!(await waitForOk(base, '/api/health', deadline, hasExited))) {
    return fail('did not answer GET /api/health with 200');
  }
  while (readyLine && !readyLine.test(log())) {
    if (hasExited()) return fail(`exited (${exitCode}) before logging ${readyLine}`);
    if (Date.now() > deadline) return fail(`did not log ${readyLine} in time`);
    await sleep(POLL_MS);
  }

  return {
    base,
    pid: child.pid,
    startupMs,
    /** What it logged since it started. */
    log,
    /** Stops the store the way an operator does (SIGTERM), and waits until it is gone. */
    async stop() {
      if (hasExited()) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(killed);
    },
  };
}
