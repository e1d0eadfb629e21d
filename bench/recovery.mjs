// Password reset requests for an email with an account and for one without, on SQLite and on
// PostgreSQL: the medians must match, or the timing tells who has an account (decision 016).
// Requests alternate between the two emails; each comes from its own client address (behind
// TRUST_PROXY) so the per-address limit does not answer 429.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquirePostgres } from './lib/postgres.mjs';
import { markdownTable, ms } from './lib/report.mjs';
import { startStore } from './lib/store.mjs';

const KNOWN = { name: 'Bench Buyer', email: 'bench-buyer@example.com', password: 'bench password' };
const UNKNOWN = 'nobody-here@example.com';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One reset request from its own address; its time in milliseconds. */
async function timeReset(base, email, n) {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/password-reset`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  if (response.status !== 202) throw new Error(`password reset answered ${response.status}`);
  return performance.now() - started;
}

async function measure({ root, log, kind, runs }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bindery-bench-recovery-${kind}-`));
  const postgres = kind === 'postgres' ? await acquirePostgres(root, log) : undefined;
  try {
    const store = await startStore({
      root,
      dataDir,
      databaseUrl: postgres?.url,
      env: { TRUST_PROXY: 'true', SEED_DEMO: 'false' },
    });
    try {
      const registered = await fetch(`${store.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(KNOWN),
      });
      if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
      const known = [];
      const unknown = [];
      // Two warm-up pairs, then alternating, each first in turn: a request may meet the work
      // left after the answer before it, and both should meet it equally.
      for (let i = 0; i < runs + 2; i += 1) {
        const knownFirst = i % 2 === 0;
        const first = await timeReset(store.base, knownFirst ? KNOWN.email : UNKNOWN, 2 * i + 1);
        const second = await timeReset(store.base, knownFirst ? UNKNOWN : KNOWN.email, 2 * i + 2);
        const [knownMs, unknownMs] = knownFirst ? [first, second] : [second, first];
        if (i >= 2) {
          known.push(knownMs);
          unknown.push(unknownMs);
        }
      }
      return { known: median(known), unknown: median(unknown) };
    } finally {
      await store.stop();
    }
  } finally {
    await postgres?.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run({ root, smoke, log }) {
  const runs = smoke ? 20 : 200;
  const rows = [];
  for (const kind of ['sqlite', 'postgres']) {
    log(`password reset timing on ${kind}, ${runs} requests per email`);
    const { known, unknown } = await measure({ root, log, kind, runs });
    rows.push([
      kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      ms(known),
      ms(unknown),
      (known / unknown).toFixed(2),
    ]);
  }
  const markdown = [
    '## Password reset: an account or not',
    '',
    `\`POST /api/auth/password-reset\`, ${runs} requests per email after two warm-ups, ` +
      'alternating between an email with an account and one without, each from its own address. ' +
      'The answer comes before any work about the account, so the two medians should match.',
    '',
    markdownTable(
      ['Database', 'Known email median (ms)', 'Unknown email median (ms)', 'Known ÷ unknown'],
      rows,
    ),
  ].join('\n');
  return { title: 'Password reset timing', markdown, failures: [] };
}
