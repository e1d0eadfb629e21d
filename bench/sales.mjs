// The sales overview (GET /api/admin/sales) on a store with many orders: 10 million by default
// (BENCH_SALES_ORDERS), paid over three years, one in twenty refunded, one in ten canceled, on
// SQLite and on PostgreSQL. Each range is timed against GET /api/auth/me measured in the same
// run as the same admin (the machine is shared and noisy: the ratio is what carries over).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { acquirePostgres } from './lib/postgres.mjs';
import { markdownTable, ms, count } from './lib/report.mjs';
import { pathToFileURL } from 'node:url';
import { startStore } from './lib/store.mjs';

const DAY = 24 * 60 * 60 * 1000;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' };
/** The goal: a year's overview within this many milliseconds at the median. */
const GOAL_MEDIAN_MS = { '30 days': 100, '365 days': 1000 };

/** Orders written straight into the database, in one statement per database. */
const insertOrders = {
  sqlite: (total, now) => `
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${total - 1}),
    p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS c FROM products),
    u AS (SELECT id FROM users LIMIT 1)
    INSERT INTO orders (id, user_id, product_id, amount_cents, currency, status, provider,
      created_at, updated_at, paid_at)
    SELECT printf('b%015d', i), (SELECT id FROM u), p.id, 100 + (i * 7919) % 5000, 'usd',
      CASE WHEN i % 20 = 0 THEN 'refunded' WHEN i % 10 = 1 THEN 'canceled' ELSE 'paid' END,
      'test', ${now} - i * (${3 * 365 * DAY} / ${total}), ${now} - i * (${3 * 365 * DAY} / ${total}),
      CASE WHEN i % 10 = 1 THEN NULL ELSE ${now} - i * (${3 * 365 * DAY} / ${total}) END
    FROM n JOIN p ON p.k = n.i % p.c`,
  postgres: (total, now) => `
    WITH p AS (SELECT id, (row_number() OVER (ORDER BY id) - 1) AS k, count(*) OVER () AS c FROM products),
    u AS (SELECT id FROM users LIMIT 1)
    INSERT INTO orders (id, user_id, product_id, amount_cents, currency, status, provider,
      created_at, updated_at, paid_at)
    SELECT 'b' || lpad(i::text, 15, '0'), (SELECT id FROM u), p.id, 100 + (i * 7919) % 5000, 'usd',
      CASE WHEN i % 20 = 0 THEN 'refunded' WHEN i % 10 = 1 THEN 'canceled' ELSE 'paid' END,
      'test', ${now} - i * (${3 * 365 * DAY}::bigint / ${total}), ${now} - i * (${3 * 365 * DAY}::bigint / ${total}),
      CASE WHEN i % 10 = 1 THEN NULL ELSE ${now} - i * (${3 * 365 * DAY}::bigint / ${total}) END
    FROM generate_series(0::bigint, ${total - 1}::bigint) AS i JOIN p ON p.k = i % p.c`,
};

/** Median and 95th percentile of `runs` sequential requests, in milliseconds. */
async function time(base, pathname, cookie, runs) {
  const samples = [];
  for (let i = 0; i < runs + 2; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${pathname}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
    if (i >= 2) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)],
    p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)],
  };
}

async function measure({ root, log, kind, total, runs }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bindery-bench-sales-${kind}-`));
  const postgres = kind === 'postgres' ? await acquirePostgres(root, log) : undefined;
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  try {
    // A first start migrates and adds the demo catalogue; the orders go in while it is stopped.
    const first = await startStore({ root, dataDir, databaseUrl: postgres?.url, env });
    await first.stop();
    const now = Date.now();
    const seeding = performance.now();
    const require = createRequire(path.join(root, 'apps/server/package.json'));
    // Orders written behind the store's back: its running sales totals are recomputed after.
    const { SALES_TOTALS_WITH_TAX_FROM_ORDERS: SALES_TOTALS_FROM_ORDERS } = await import(
      pathToFileURL(path.join(root, 'apps/server/dist/db/migrations/023-tax.js')).href
    );
    if (kind === 'sqlite') {
      const Database = require('better-sqlite3');
      const db = new Database(path.join(dataDir, 'bindery.db'));
      db.exec(insertOrders.sqlite(total, now));
      for (const statement of SALES_TOTALS_FROM_ORDERS) db.exec(statement);
      db.exec('ANALYZE');
      db.close();
    } else {
      const pg = require('pg');
      const client = new pg.Client({ connectionString: postgres.url });
      // A connection lost mid-insert is reported by the query that fails, not as a crash.
      client.on('error', (error) => log(`postgres: ${error.message}`));
      await client.connect();
      await client.query(insertOrders.postgres(total, now));
      for (const statement of SALES_TOTALS_FROM_ORDERS) await client.query(statement);
      await client.query('VACUUM ANALYZE');
      await client.end();
    }
    log(`${kind}: ${count(total)} orders written in ${ms(performance.now() - seeding)} ms`);

    const store = await startStore({ root, dataDir, databaseUrl: postgres?.url, env });
    try {
      const login = await fetch(`${store.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
      const baseline = await time(store.base, '/api/auth/me', cookie, runs);
      const today = new Date(now).toISOString().slice(0, 10);
      const yearAgo = new Date(now - 364 * DAY).toISOString().slice(0, 10);
      const ranges = {
        '30 days': await time(store.base, '/api/admin/sales', cookie, runs),
        '365 days': await time(
          store.base,
          `/api/admin/sales?from=${yearAgo}&to=${today}`,
          cookie,
          runs,
        ),
      };
      return { baseline, ranges };
    } finally {
      await store.stop();
    }
  } finally {
    await postgres?.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run({ root, smoke, log }) {
  const total = Number(process.env.BENCH_SALES_ORDERS ?? (smoke ? 10_000 : 10_000_000));
  const runs = smoke ? 3 : 15;
  const rows = [];
  const failures = [];
  for (const kind of ['sqlite', 'postgres']) {
    log(`sales overview on ${kind} with ${count(total)} orders`);
    const { baseline, ranges } = await measure({ root, log, kind, total, runs });
    for (const [range, timing] of Object.entries(ranges)) {
      rows.push([
        kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        range,
        ms(timing.median),
        ms(timing.p95),
        ms(baseline.median),
        (timing.median / baseline.median).toFixed(1),
        `≤ ${GOAL_MEDIAN_MS[range]} ms`,
      ]);
      if (!smoke && timing.median > GOAL_MEDIAN_MS[range]) {
        failures.push(`${kind} ${range}: median ${ms(timing.median)} ms`);
      }
    }
  }
  const markdown = [
    `## Sales overview at ${count(total)} orders`,
    '',
    `\`GET /api/admin/sales\` as an admin, ${runs} sequential requests per row after two warm-ups, ` +
      'orders paid over three years (one in twenty refunded, one in ten canceled). The baseline ' +
      'is `GET /api/auth/me` as the same admin in the same run.',
    '',
    markdownTable(
      [
        'Database',
        'Range',
        'Median (ms)',
        'p95 (ms)',
        'Baseline median (ms)',
        '× baseline',
        'Goal',
      ],
      rows,
    ),
  ].join('\n');
  return { title: 'Sales overview', markdown, failures };
}
