// HTTP from the benchmark's side: one plain request to record an answer, and autocannon for the
// load. Neither sends Accept-Encoding, so both servers answer with the same identity bytes.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/** Autocannon's own limit: a request unanswered this long counts as a timeout (an error). */
const REQUEST_TIMEOUT_S = 10;
/**
 * Autocannon looks whether a run is over once per sample, every second by default: a run of
 * 0.3 s or of `amount` requests lasts to the next whole second. Smoke runs sample more often
 * (`shortSamples`), so their short runs are as short as asked; full runs keep the default.
 */
let sampleMs = 1000;

/** For smoke runs: runs end within 100 ms of their time or their last answer. */
export function shortSamples() {
  sampleMs = 100;
}

/**
 * One GET without Accept-Encoding (unlike `fetch`, which asks for gzip): the status, the headers
 * a bare server must repeat, and the exact body bytes.
 */
export function fetchAnswer(base, pathname) {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(pathname, base), { agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          // As sent: [name, value, name, value, …].
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}

/**
 * Drives `base` with `connections` keep-alive connections for `seconds` (or for `amount`
 * requests). With several paths,
 * every request takes the next path of one shared cycle, so the connections between them keep
 * asking different questions. Returns how many answers came in how long, every latency (ms,
 * collected here so that several runs can be pooled exactly), and every kind of failed answer.
 */
export async function drive({ base, paths, seconds, connections, amount, opening }) {
  let next = 0;
  // Each connection's first request, when `opening` is given: the rest follow the cycle.
  let opened = opening ? 0 : connections;
  const requests =
    paths.length === 1 && !opening
      ? [{ method: 'GET', path: paths[0] }]
      : [
          {
            method: 'GET',
            setupRequest: (request) => {
              if (opened < connections) {
                opened += 1;
                return { ...request, path: opening };
              }
              const path = paths[next];
              next = (next + 1) % paths.length;
              return { ...request, path };
            },
          },
        ];
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections,
    // With `amount`, that many requests and then the end, however long they take.
    ...(amount ? { amount: amount + (opening ? connections : 0) } : { duration: seconds }),
    timeout: REQUEST_TIMEOUT_S,
    sampleInt: sampleMs,
    requests,
  });
  const started = performance.now();
  let lastAnswer = started;
  // With `opening`, each connection's first answer is its opener's: neither timed nor counted.
  const openers = new WeakSet();
  let openersAnswered = opening ? 0 : connections;
  instance.on('response', (client, _status, _bytes, responseTime) => {
    if (openersAnswered < connections && !openers.has(client)) {
      openers.add(client);
      openersAnswered += 1;
      return;
    }
    latencies.push(responseTime);
    lastAnswer = performance.now();
  });
  const result = await instance;
  return {
    answers: result.requests.total - (opening ? connections : 0),
    // A run of `amount` requests ends at autocannon's next sample: timed to its last answer.
    seconds: amount ? (lastAnswer - started) / 1000 : result.duration,
    latencies,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted, share) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
}

/** Several runs of one target pooled into one figure: req/s over their time, exact percentiles. */
export function pool(runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0);
  return {
    rps: sum('answers') / sum('seconds'),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    answers: sum('answers'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
  };
}
