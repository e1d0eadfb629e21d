// HTTP from the benchmark's side: one plain request to record an answer, and autocannon for the
// load. Neither sends Accept-Encoding, so both servers answer with the same identity bytes.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/** Autocannon's own limit: a request unanswered this long counts as a timeout (an error). */
const REQUEST_TIMEOUT_S = 10;

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
          contentType: response.headers['content-type'] ?? '',
          contentLength: response.headers['content-length'],
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}

/**
 * Drives `base` with `connections` keep-alive connections for `seconds`. With several paths,
 * every request takes the next path of one shared cycle, so the connections between them keep
 * asking different questions. Returns req/s, latency percentiles in ms, and every kind of
 * failed answer.
 */
export async function drive({ base, paths, seconds, connections }) {
  let next = 0;
  const requests =
    paths.length === 1
      ? [{ method: 'GET', path: paths[0] }]
      : [
          {
            method: 'GET',
            setupRequest: (request) => {
              const path = paths[next];
              next = (next + 1) % paths.length;
              return { ...request, path };
            },
          },
        ];
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    requests,
  });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answers: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
