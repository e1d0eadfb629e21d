// Catalogue throughput against a baseline measured in the same run: the machine is shared and
// noisy, so only ratios mean anything. Starts the built server on a fresh data directory with
// the demo catalogue, then drives it from this process over loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-'));
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((resolve, reject) => {
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk;
    const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    if (match && output.includes('demo catalogue')) resolve(match[1]);
  });
  server.on('exit', () => reject(new Error(`server exited:\n${output}`)));
});

/** Requests per second and latency percentiles for one path, with N connections in flight. */
async function measure(label, pathname) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const response = await fetch(base + pathname);
        await response.arrayBuffer();
        if (!response.ok) errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return {
    label,
    rps: latencies.length / (DURATION_MS / 1000),
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

try {
  const scenarios = [
    ['baseline: GET /api/health', '/api/health'],
    ['catalogue page 1', '/api/products?page=1&limit=10'],
    ['catalogue page 3', '/api/products?page=3&limit=10'],
    ['search "handb"', '/api/products?search=handb&limit=10'],
    ['search two words', '/api/products?search=field%20guide&limit=10'],
    ['one product', null],
  ];
  const first = await (await fetch(`${base}/api/products?limit=1`)).json();
  scenarios[5][1] = `/api/products/${first.products[0]._id}`;
  const results = [];
  for (const [label, pathname] of scenarios) results.push(await measure(label, pathname));
  const baseline = results[0].rps;
  console.log(`\n${CONNECTIONS} connections, ${DURATION_MS / 1000} s each, SQLite, 24 products\n`);
  console.log('scenario                     req/s   vs baseline   p50 ms   p99 ms   errors');
  for (const r of results) {
    console.log(
      `${r.label.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} ${(r.rps / baseline).toFixed(2).padStart(12)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
