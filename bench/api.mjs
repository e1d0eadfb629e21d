// The API section of `npm run bench`: the built store on SQLite and on PostgreSQL, seeded with N
// generated products, against a bare node:http server sending the very same bytes, driven by
// autocannon from this process. Only ratios to the bare server (measured in the same run, case by
// case) and latencies are compared with the goals of issue 11.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { accessLogRow, measureAccessLog } from './lib/access-log.mjs';
import { startBare } from './lib/bare.mjs';
import { COMMON_WORD, PREFIX, RARE_WORD, TWO_WORDS, searchMix } from './lib/catalogue.mjs';
import { coldPaths, runColdSearch, untilIndexed } from './lib/cold-search.mjs';
import { drive, fetchAnswer, pool } from './lib/load.mjs';
import { acquirePostgres } from './lib/postgres.mjs';
import { bytes, count, markdownTable, ms, ratio } from './lib/report.mjs';
import { seedPostgres, seedSqlite } from './lib/seed.mjs';
import { residentMiB, startStore } from './lib/store.mjs';

const CONNECTIONS = 50;
/**
 * Full runs measure each side in `rounds` alternating runs of `roundSeconds` (bare, store, bare,
 * store…), so a burst of load from elsewhere on the shared machine hits both; smoke runs only
 * prove the harness still works, and their mix is the same code path with fewer answers.
 */
const SETTINGS = {
  full: {
    rounds: 5,
    roundSeconds: 2,
    warmupSeconds: 2,
    starts: 3,
    idleSeconds: 5,
    mixSize: 500,
    coldPerRound: 2000,
  },
  // A smoke run proves every case still runs, in about a second each (autocannon samples every
  // 100 ms then: lib/load.mjs).
  smoke: {
    rounds: 1,
    roundSeconds: 0.5,
    warmupSeconds: 0.2,
    starts: 1,
    idleSeconds: 1,
    mixSize: 50,
    coldPerRound: 100,
  },
};
/** From this size on, the issue's goal is a p99 of 50 ms. */
const LARGE_CATALOGUE = 1_000_000;
const STARTUP_GOAL_MS = 1000;
const IDLE_RSS_GOAL_MIB = 120;

const searchPath = (words, page = 1) =>
  `/api/products?search=${encodeURIComponent(words)}&page=${page}&limit=10`;

/**
 * The cases of the issue, for a catalogue with these facts. `smoke` marks those a smoke run
 * keeps: one of each kind (list, product, search, mix), so every code path still runs.
 */
function buildCases(facts, products, { mixSize, rounds, coldPerRound }) {
  const share = (matches) => `${Math.round((matches / facts.live) * 100)}%`;
  const deepPage = Math.max(2, Math.round(products / 20));
  return [
    { name: 'catalogue page 1', paths: ['/api/products?page=1&limit=10'], smoke: true },
    {
      name: `catalogue page ${count(deepPage)}`,
      paths: [`/api/products?page=${deepPage}&limit=10`],
    },
    {
      name: 'product detail (middle of the catalogue)',
      paths: [`/api/products/${facts.middleId}`],
      smoke: true,
    },
    {
      name: `search a word in ${share(facts.matches.common)} of products ("${COMMON_WORD}")`,
      paths: [searchPath(COMMON_WORD)],
      smoke: true,
    },
    {
      name: `search a prefix ("${PREFIX}", ${share(facts.matches.prefix)})`,
      paths: [searchPath(PREFIX)],
    },
    {
      name: `search two words ("${TWO_WORDS}", ${share(facts.matches.twoWords)})`,
      paths: [searchPath(TWO_WORDS)],
    },
    {
      name: `search a rare word ("${RARE_WORD}", ${facts.matches.rare} products)`,
      paths: [searchPath(RARE_WORD)],
    },
    { name: `page 3 of a common word ("${COMMON_WORD}")`, paths: [searchPath(COMMON_WORD, 3)] },
    // The same pages as HTML, rendered by the server for link previews and crawlers (decision
    // 020): held to half the JSON route's rate.
    {
      name: 'catalogue page 1 as HTML (rendered)',
      paths: ['/store/products'],
      smoke: true,
      htmlOf: 'catalogue page 1',
    },
    {
      name: 'product page as HTML (rendered)',
      paths: [`/store/product/${facts.middleId}`],
      smoke: true,
      htmlOf: 'product detail (middle of the catalogue)',
    },
    {
      name: `mix of ${mixSize} different searches`,
      paths: searchMix(mixSize),
      mix: true,
      smoke: true,
    },
    {
      name: `cold mix: ${count(rounds * coldPerRound)} searches never asked before, each once`,
      ...(({ measured, warmUp }) => ({ paths: measured, warmUp }))(coldPaths(rounds, coldPerRound)),
      mix: true,
      cold: true,
      smoke: true,
    },
  ];
}

/** The goal a case is held to at this catalogue size. */
function goalOf(testCase, products) {
  const p99 = products >= LARGE_CATALOGUE ? 50 : 30;
  if (testCase.htmlOf) return { p99, ofJson: 0.5 };
  if (products >= LARGE_CATALOGUE) return { p99 };
  return { p99, ratio: testCase.mix ? 0.25 : 0.5 };
}

const describeGoal = (goal) =>
  [
    `p99 ≤ ${goal.p99} ms`,
    goal.ratio === undefined ? '' : `≥ ${goal.ratio} of bare`,
    goal.ofJson === undefined ? '' : `≥ ${goal.ofJson} of the JSON route`,
  ]
    .filter(Boolean)
    .join(', ');

/** Why a run's figures are not figures: failed answers of any kind, or none at all. */
function runErrors(run) {
  const problems = [];
  if (run.non2xx > 0) problems.push(`${count(run.non2xx)} non-2xx answers`);
  if (run.errors > run.timeouts) problems.push(`${count(run.errors - run.timeouts)} socket errors`);
  if (run.timeouts > 0) problems.push(`${count(run.timeouts)} timeouts`);
  if (run.answers === 0) problems.push('no answer within the measurement');
  return problems;
}

/** A wrong answer or a broken connection: the harness or the store is broken, not just slow. */
const isBroken = (run) => run.non2xx > 0 || run.errors > run.timeouts;

/** Stops on a broken bare server (or store, in a smoke run); notes the store's failed answers. */
function checkRuns(testCase, label, smoke) {
  const bareErrors = runErrors(testCase.bare);
  if (bareErrors.length > 0)
    throw new Error(`bare server, ${testCase.name}: ${bareErrors.join(', ')}`);
  testCase.errors = runErrors(testCase.store);
  if (smoke && isBroken(testCase.store)) {
    throw new Error(`${label}, ${testCase.name}: ${testCase.errors.join(', ')}`);
  }
}

/** Records the store's answer for every path of the cases; anything but 2xx is an error. */
async function recordAnswers(base, cases) {
  const answers = [];
  for (const testCase of cases) {
    testCase.bytes = 0;
    for (const pathname of testCase.paths) {
      const answer = await fetchAnswer(base, pathname);
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(
          `GET ${pathname} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`,
        );
      }
      testCase.bytes += answer.body.length;
      answers.push({ path: pathname, ...answer });
    }
    testCase.bytes /= testCase.paths.length;
  }
  return answers;
}

/**
 * Waits until the store has worked through what the last run left queued (requests autocannon
 * gave up on are still answered), so the next measurement starts on an idle machine.
 */
async function settle(base) {
  const answer = await fetchAnswer(base, '/api/health');
  if (answer.status !== 200) throw new Error(`GET /api/health answered ${answer.status}`);
}

/**
 * Starts the store on a seeded database: a first start (which creates the admin account and the
 * secret, as any store's first start does), then `starts` timed starts on the existing database.
 * Returns the last, still running, with the median start-up time.
 */
async function startMeasured({ root, dataDir, databaseUrl, starts }) {
  await (await startStore({ root, dataDir, databaseUrl })).stop();
  const times = [];
  let store;
  for (let index = 0; index < starts; index += 1) {
    await store?.stop();
    store = await startStore({ root, dataDir, databaseUrl });
    times.push(store.startupMs);
  }
  times.sort((a, b) => a - b);
  return { store, startupMs: times[Math.floor(times.length / 2)] };
}

/**
 * Every case on one database: start-up and idle memory, then for each case the bare server and
 * the store in turn, each warmed up first. `seed(dataDir)` fills the database and says how.
 */
async function benchDatabase({ ctx, label, databaseUrl, seed }) {
  const { root, products, smoke, log } = ctx;
  const settings = smoke ? SETTINGS.smoke : SETTINGS.full;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-data-'));
  let store;
  let bare;
  try {
    const seeded = await seed(dataDir);
    log(
      `api ${label}: seeded${seeded.fromCache ? ' (cached)' : ` in ${seeded.seconds.toFixed(1)} s`}`,
    );
    const started = await startMeasured({ root, dataDir, databaseUrl, starts: settings.starts });
    store = started.store;
    await sleep(settings.idleSeconds * 1000);
    const idleRss = residentMiB(store.pid);
    log(`api ${label}: start-up ${ms(started.startupMs)} ms, idle RSS ${idleRss.toFixed(0)} MiB`);

    const cases = buildCases(seeded.facts, products, settings).filter(
      (testCase) => !smoke || testCase.smoke,
    );
    bare = await startBare(await recordAnswers(store.base, cases));
    const storeIdle = () => settle(store.base);
    for (const testCase of cases.filter((each) => !each.cold)) {
      const run = (base, seconds) =>
        drive({ base, paths: testCase.paths, seconds, connections: CONNECTIONS });
      await run(bare.base, settings.warmupSeconds);
      await run(store.base, settings.warmupSeconds);
      await storeIdle();
      const bareRuns = [];
      const storeRuns = [];
      for (let round = 0; round < settings.rounds; round += 1) {
        bareRuns.push(await run(bare.base, settings.roundSeconds));
        storeRuns.push(await run(store.base, settings.roundSeconds));
        await storeIdle();
      }
      testCase.bare = pool(bareRuns);
      testCase.store = pool(storeRuns);
      checkRuns(testCase, label, smoke);
      log(
        `api ${label}: ${testCase.name}: store ${count(testCase.store.rps)} req/s (p99 ${ms(testCase.store.p99)} ms), bare ${count(testCase.bare.rps)} req/s`,
      );
    }
    for (const testCase of cases.filter((each) => each.cold)) {
      // Recording the answers asked every search once: a new store has never seen them.
      const restart = async () => {
        await store.stop();
        store = await startStore({ root, dataDir, databaseUrl });
        await untilIndexed(store, testCase.warmUp[0]);
        return store.base;
      };
      Object.assign(
        testCase,
        await runColdSearch({
          paths: testCase.paths,
          bareBase: bare.base,
          restart,
          rounds: settings.rounds,
          bareSeconds: settings.roundSeconds,
          connections: CONNECTIONS,
          settle,
          warmUp: testCase.warmUp,
        }),
      );
      checkRuns(testCase, label, smoke);
      log(
        `api ${label}: ${testCase.name}: store ${count(testCase.store.rps)} req/s (p99 ${ms(testCase.store.p99)} ms), bare ${count(testCase.bare.rps)} req/s`,
      );
    }
    const accessLog = await measureAccessLog({ root, dataDir, databaseUrl, store, settings, log });
    return { label, seeded, startupMs: started.startupMs, idleRss, cases, accessLog };
  } finally {
    await bare?.stop();
    await store?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The table of one database's figures, and the goals it did not meet. */
function tableFor(result, products) {
  const rows = [];
  const failures = [];
  const fail = (what) => failures.push(`API ${result.label}: ${what}`);
  for (const testCase of result.cases) {
    const goal = goalOf(testCase, products);
    const { store, bare } = testCase;
    const share = store.rps / bare.rps;
    if (testCase.errors.length > 0) {
      fail(`${testCase.name}: ${testCase.errors.join(', ')}`);
      rows.push([
        testCase.name,
        bytes(testCase.bytes),
        `error: ${testCase.errors.join(', ')}`,
        `${count(bare.rps)} req/s`,
        '—',
        '—',
        '—',
        describeGoal(goal),
        'error',
      ]);
      continue;
    }
    const misses = [];
    if (store.p99 > goal.p99) misses.push(`p99 ${ms(store.p99)} ms > ${goal.p99} ms`);
    if (goal.ratio !== undefined && share < goal.ratio)
      misses.push(`${ratio(share)} of bare < ${goal.ratio}`);
    if (goal.ofJson !== undefined) {
      const json = result.cases.find((other) => other.name === testCase.htmlOf);
      const ofJson = json ? store.rps / json.store.rps : 0;
      if (ofJson < goal.ofJson) misses.push(`${ratio(ofJson)} of the JSON route < ${goal.ofJson}`);
      testCase.ofJson = ofJson;
    }
    if (misses.length > 0) fail(`${testCase.name}: ${misses.join(', ')}`);
    rows.push([
      testCase.name,
      bytes(testCase.bytes),
      `${count(store.rps)} req/s${testCase.ofJson === undefined ? '' : ` (${ratio(testCase.ofJson)} of the JSON route)`}`,
      `${count(bare.rps)} req/s`,
      ratio(share),
      ms(store.p50),
      ms(store.p99),
      describeGoal(goal),
      misses.length === 0 ? 'met' : 'not met',
    ]);
  }
  rows.push(accessLogRow(result.accessLog, fail));
  const startupMet = result.startupMs <= STARTUP_GOAL_MS;
  if (!startupMet) fail(`start-up ${ms(result.startupMs)} ms > ${STARTUP_GOAL_MS} ms`);
  rows.push([
    'start-up on the existing database',
    '—',
    `${ms(result.startupMs)} ms`,
    '—',
    '—',
    '—',
    '—',
    `≤ ${STARTUP_GOAL_MS} ms`,
    startupMet ? 'met' : 'not met',
  ]);
  const rssMet = result.idleRss <= IDLE_RSS_GOAL_MIB;
  if (!rssMet) fail(`idle RSS ${result.idleRss.toFixed(0)} MiB > ${IDLE_RSS_GOAL_MIB} MiB`);
  rows.push([
    'idle RSS after start-up',
    '—',
    `${result.idleRss.toFixed(0)} MiB`,
    '—',
    '—',
    '—',
    '—',
    `≤ ${IDLE_RSS_GOAL_MIB} MiB`,
    rssMet ? 'met' : 'not met',
  ]);
  const table = markdownTable(
    [
      'Case',
      'Answer',
      'Store',
      'Bare node:http',
      'Store/bare',
      'p50 ms',
      'p99 ms',
      'Goal',
      'Result',
    ],
    rows,
  );
  return { table, failures };
}

/** What was seeded and how, above a database's table. */
function seedNote(result) {
  const { seeded } = result;
  const { facts } = seeded;
  const how = seeded.fromCache
    ? 'copied from the cached seed'
    : `seeded in ${seeded.seconds.toFixed(1)} s`;
  return `${result.source}; ${count(facts.live)} products in the catalogue (${how}). Search matches: "${COMMON_WORD}" ${count(facts.matches.common)}, "${PREFIX}" ${count(facts.matches.prefix)}, "${TWO_WORDS}" ${count(facts.matches.twoWords)}, "${RARE_WORD}" ${count(facts.matches.rare)}.`;
}

/** The PostgreSQL run, or the reason it was skipped (no server could be had). */
async function benchPostgres(ctx) {
  let database;
  try {
    database = await acquirePostgres(ctx.root, ctx.log);
  } catch (error) {
    // A server the operator named must work; an embedded one may simply not start here.
    if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) throw error;
    return { skipped: `no PostgreSQL could be started (${error.message.split('\n')[0]})` };
  }
  try {
    const result = await benchDatabase({
      ctx,
      label: 'PostgreSQL',
      databaseUrl: database.url,
      seed: () =>
        seedPostgres({ root: ctx.root, total: ctx.products, url: database.url, log: ctx.log }),
    });
    return { ...result, source: database.source };
  } finally {
    await database.release();
  }
}

export async function run(ctx) {
  const { products, smoke } = ctx;
  const settings = smoke ? SETTINGS.smoke : SETTINGS.full;
  const sqlite = await benchDatabase({
    ctx,
    label: 'SQLite',
    databaseUrl: '',
    seed: (dataDir) => seedSqlite({ root: ctx.root, total: products, dataDir, log: ctx.log }),
  });
  sqlite.source = 'SQLite (better-sqlite3, WAL)';
  const postgres = await benchPostgres(ctx);

  const failures = [];
  const parts = [
    `${count(products)} products, ${CONNECTIONS} connections. For each case, after a ${settings.warmupSeconds} s warm-up of each, ` +
      `bare node:http and the store are measured in turn, ${settings.rounds} × ${settings.roundSeconds} s each; ` +
      'req/s is over all rounds and the percentiles are of every answer of them. "Answer" is the body size (the mix: the average); ' +
      'the bare server sends the very response the store sent for the path: its status, its headers (the security headers, ETag and caching ones included) and its body. ' +
      `Start-up: spawn of the command \`npm start\` runs (package.json) to the first 200 of \`GET /api/products\`, median of ${settings.starts}; ` +
      `idle RSS: VmRSS ${settings.idleSeconds} s after start-up with no load. ` +
      `The cold mix: ${settings.rounds} rounds of ${count(settings.coldPerRound)} searches on a store started afresh, each search asked once, ` +
      'each round on 50 new connections whose first request (`GET /api/health`) is neither timed nor counted: ' +
      'a busy Node server accepts one new connection per turn of its event loop.',
  ];
  for (const result of [sqlite, postgres]) {
    if (result.skipped) {
      parts.push(`### PostgreSQL\n\nSkipped: ${result.skipped}.`);
      continue;
    }
    const { table, failures: missed } = tableFor(result, products);
    failures.push(...missed);
    parts.push(`### ${result.label}\n\n${seedNote(result)}\n\n${table}`);
  }
  return { title: `API (${count(products)} products)`, markdown: parts.join('\n\n'), failures };
}
