// What the default access log (LOG_LEVEL=info, one line per request) costs: the catalogue page
// from two copies of the built store, one logging at info and one at warn, measured in
// alternating runs so a burst of load from elsewhere on the shared machine hits both.
import { spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { drive, fetchAnswer, pool } from './load.mjs';
import { bytes, count, ms, ratio } from './report.mjs';
import { startArguments } from './store.mjs';

const CATALOGUE_PAGE = '/api/products?page=1&limit=10';
const CONNECTIONS = 50;
/** The goal: the catalogue page with the access log on at least this share of it off. */
export const ACCESS_LOG_GOAL = 0.9;
const LINE_MARK = Buffer.from('"msg":"request completed"');
const READY_TIMEOUT_MS = 60_000;

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built store as `npm start` runs it, on a port chosen here: at LOG_LEVEL=warn it does not
 * log the address it listens at. Ready once it answers the catalogue page 200; its output goes
 * to `store.log` in its data directory.
 */
async function startLogging({ root, dataDir, databaseUrl, level }) {
  const port = await freePort();
  const logFd = openSync(path.join(dataDir, 'store.log'), 'w');
  const child = spawn(process.execPath, startArguments(root), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: level,
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  let exitCode = null;
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve((exitCode = code ?? signal))),
  );
  const stop = async () => {
    if (exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const status = await fetchAnswer(base, CATALOGUE_PAGE).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return { base, pid: child.pid, stop };
    if (exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the store at LOG_LEVEL=${level} did not answer ${CATALOGUE_PAGE}`);
    }
    await sleep(20);
  }
}

const rate = (run) => run.answers / run.seconds;
/** Linux counts a process's CPU time in these ticks a second (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** The CPU time a process has used so far, all its threads, in milliseconds. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A copy of the stopped store's data directory, without its log. */
function copyDataDir(dataDir) {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-log-'));
  cpSync(dataDir, copy, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'store.log',
  });
  return copy;
}

/** How many access-log lines a store's log file holds, read in chunks (it may be large). */
function countLoggedRequests(logFile) {
  const fd = openSync(logFile, 'r');
  const chunk = Buffer.alloc(1024 * 1024);
  let carry = Buffer.alloc(0);
  let found = 0;
  try {
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) return found;
      const text = Buffer.concat([carry, chunk.subarray(0, read)]);
      let at = text.indexOf(LINE_MARK);
      let end = 0;
      while (at !== -1) {
        found += 1;
        end = at + LINE_MARK.length;
        at = text.indexOf(LINE_MARK, end);
      }
      carry = text.subarray(Math.max(end, text.length - LINE_MARK.length));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Stops `store` (its data directory is copied, so two stores never share a SQLite file), starts
 * one store logging at info and one at warn on copies of it, and drives the catalogue page on
 * each in turn: twice `settings.rounds` runs of `settings.roundSeconds` each, after a warm-up.
 * Every request the info store answered must be in its log once it has stopped (SIGTERM).
 */
export async function measureAccessLog({ dataDir, databaseUrl, root, store, settings, log }) {
  await store.stop();
  const dirs = [copyDataDir(dataDir), copyDataDir(dataDir)];
  const stores = [];
  try {
    const on = await startLogging({ root, dataDir: dirs[0], databaseUrl, level: 'info' });
    stores.push(on);
    const off = await startLogging({ root, dataDir: dirs[1], databaseUrl, level: 'warn' });
    stores.push(off);
    const answer = await fetchAnswer(on.base, CATALOGUE_PAGE);
    if (answer.status !== 200) throw new Error(`GET ${CATALOGUE_PAGE} answered ${answer.status}`);
    const run = (base, seconds) =>
      drive({ base, paths: [CATALOGUE_PAGE], seconds, connections: CONNECTIONS });
    const onRuns = [await run(on.base, settings.warmupSeconds)];
    await run(off.base, settings.warmupSeconds);
    // Twice the rounds of the other cases, each side first in turn (on, off, off, on, …), and
    // the median of each round's ratio: the shared machine's load moves a lot within seconds.
    const measured = { on: [], off: [] };
    const cpu = { on: 0, off: 0 };
    for (let round = 0; round < settings.rounds * 2; round += 1) {
      const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const side of order) {
        const measuredStore = side === 'on' ? on : off;
        const cpuBefore = cpuMs(measuredStore.pid);
        const answers = await run(measuredStore.base, settings.roundSeconds);
        cpu[side] += cpuMs(measuredStore.pid) - cpuBefore;
        measured[side].push(answers);
      }
    }
    onRuns.push(...measured.on);
    const exitCode = await on.stop();
    if (exitCode !== 0) throw new Error(`the store logging at info exited with ${exitCode}`);
    const answered = onRuns.reduce((total, each) => total + each.answers, 0);
    const logged = countLoggedRequests(path.join(dirs[0], 'store.log'));
    const result = {
      bytes: answer.body.length,
      on: pool(measured.on),
      off: pool(measured.off),
      answered,
      logged,
    };
    // The store's own CPU time per answer: far steadier than req/s when other work shares the
    // machine, and what the log adds to each request.
    result.cpuPerAnswer = {
      on: (cpu.on * 1000) / result.on.answers,
      off: (cpu.off * 1000) / result.off.answers,
    };
    result.share = median(measured.on.map((each, round) => rate(each) / rate(measured.off[round])));
    log(
      `api ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: access log: on ${count(result.on.rps)} req/s, off ${count(result.off.rps)} req/s (median ratio ${ratio(result.share)}, rounds ${measured.on.map((each, round) => ratio(rate(each) / rate(measured.off[round]))).join(' ')}); CPU per answer ${count(result.cpuPerAnswer.on)} µs on, ${count(result.cpuPerAnswer.off)} µs off (${ratio(result.cpuPerAnswer.off / result.cpuPerAnswer.on)}); ${count(logged)} lines for ${count(answered)} answers`,
    );
    return result;
  } finally {
    for (const each of stores) await each.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The table row of `measureAccessLog`'s result; goals not met go to `fail`. */
export function accessLogRow(result, fail) {
  const name = 'catalogue page 1, access log on ÷ off';
  const misses = [];
  if (result.share < ACCESS_LOG_GOAL) misses.push(`${ratio(result.share)} < ${ACCESS_LOG_GOAL}`);
  if (result.logged < result.answered) {
    misses.push(`${count(result.logged)} log lines for ${count(result.answered)} answers`);
  }
  for (const [side, figures] of Object.entries({ on: result.on, off: result.off })) {
    const problems = figures.non2xx + figures.errors;
    if (problems > 0 || figures.answers === 0)
      misses.push(`log ${side}: ${count(problems)} failed`);
  }
  if (misses.length > 0) fail(`${name}: ${misses.join(', ')}`);
  return [
    name,
    bytes(result.bytes),
    `${count(result.on.rps)} req/s (log off: ${count(result.off.rps)} req/s); CPU per answer ${count(result.cpuPerAnswer.on)} µs (off: ${count(result.cpuPerAnswer.off)} µs, ${ratio(result.cpuPerAnswer.off / result.cpuPerAnswer.on)})`,
    '—',
    `${ratio(result.share)} of log off (median of rounds)`,
    ms(result.on.p50),
    ms(result.on.p99),
    `≥ ${ACCESS_LOG_GOAL} of log off, every answer logged`,
    misses.length === 0 ? 'met' : 'not met',
  ];
}
