import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { hostHeaderRefusal, type StoreAddress } from './store-address.js';
import { isInfoEnabled, type AccessLog } from '../lib/access-log.js';

/** What a remembered request is answered with now, or undefined when that is no longer known. */
export type LaneAnswer = (request: IncomingMessage['headers']) =>
  | {
      status: number;
      /** The same object each time the same answer goes out the same way (it is memoized). */
      headers: Readonly<Record<string, string>>;
      body?: Buffer;
    }
  | undefined;

/** The server's own limits, as `serverTimeouts` gives them to Fastify. */
export interface ServerLimits {
  http: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
}

/** Request targets remembered at most; the least recently used go first. */
const MAX_TARGETS = 10_000;

/** How long a host's verdict is reused (the machine's own names are re-read as often). */
const HOST_VERDICT_TTL_MS = 30_000;

/** Host verdicts kept at most: any client can send any Host, so the set starts over past it. */
const MAX_HOST_VERDICTS = 100;

/**
 * The kept-answer lane: public answers the store keeps in memory (catalogue pages, searches,
 * products) served straight from the HTTP server, before routing, hooks and validation.
 * A route that answered a GET with a kept answer remembers the request target here with a way
 * to ask for that answer again; a later GET for the same target is sent from the lane when
 * nothing about it could make the route answer differently:
 *
 * - no body, no session cookie (a signed-in admin sees more), no X-Forwarded-* headers (the
 *   lane judges the Host header as the store does, and only the plain Host header), exactly
 *   one Host header;
 * - the host is one the store serves (otherwise the route's 308 or 421 applies);
 * - the answer is still kept (the catalogue changed: the route computes it again).
 *
 * Everything else, and every request while the store shuts down, goes to Fastify. The lane
 * sends the same security headers, and writes the same access-log line (with `kept: true`), as
 * the route would. Measured in docs/performance.md: a cached catalogue page went from about a
 * third of bare node:http's rate through the whole stack to more than half.
 */
export function createFastLane(options: {
  /** The security headers for an answer to a target (securityHeadersFor). */
  securityHeaders: (target: string, contentType: unknown) => Record<string, string>;
  storeAddress: StoreAddress;
  sessionCookieName: string;
}) {
  const targets = new Map<string, LaneAnswer>();
  // The headers sent with each prepared answer, worked out once (answers prepare theirs once).
  const sentHeaders = new WeakMap<object, Record<string, string>>();
  const servesHost = createHostVerdicts(options.storeAddress);
  const sessionCookie = `${options.sessionCookieName}=`;
  let log: { logger: FastifyBaseLogger; accessLog: AccessLog } | undefined;
  let open = true;

  /** Answers `request` from the lane and returns true, or returns false and leaves it alone. */
  function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!open || request.method !== 'GET' || request.url === undefined) return false;
    const answerFor = targets.get(request.url);
    if (!answerFor) return false;
    const started = performance.now();
    const headers = request.headers;
    if (
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      headers['x-forwarded-host'] !== undefined ||
      headers['x-forwarded-proto'] !== undefined ||
      headers.cookie?.includes(sessionCookie) ||
      !servesHost(headers.host ?? '', request.url) ||
      hostHeaderRefusal(request) !== null
    ) {
      return false;
    }
    const answer = answerFor(headers);
    if (!answer) {
      targets.delete(request.url);
      return false;
    }
    let sent = sentHeaders.get(answer.headers);
    if (!sent) {
      sent = {
        ...options.securityHeaders(request.url, answer.headers['content-type']),
        ...answer.headers,
        ...(answer.body ? { 'content-length': String(answer.body.length) } : {}),
      };
      sentHeaders.set(answer.headers, sent);
    }
    response.writeHead(answer.status, sent);
    response.end(answer.body);
    if (log && isInfoEnabled(log.logger)) {
      const elapsed = performance.now() - started;
      log.accessLog.completed(randomUUID(), 'GET', request.url, answer.status, elapsed, true);
    }
    return true;
  }

  return {
    serve,

    /** From now on a GET for `target` may be answered by `answer` while it gives one. */
    remember(target: string, answer: LaneAnswer) {
      targets.delete(target);
      targets.set(target, answer);
      if (targets.size > MAX_TARGETS) targets.delete(targets.keys().next().value!);
    },

    /** Where the access-log lines go (the app's, once it exists), at the logger's level. */
    logTo(logger: FastifyBaseLogger, accessLog: AccessLog) {
      log = { logger, accessLog };
    },

    /** Shutting down: every request goes to Fastify, which answers 503 while it closes. */
    close() {
      open = false;
    },

    /**
     * The HTTP server Fastify would create, with the same limits, asking the lane first: pass it
     * as Fastify's `serverFactory`.
     */
    createServer(
      handler: (request: IncomingMessage, response: ServerResponse) => void,
      limits: ServerLimits,
    ): http.Server {
      // A request without Host reaches the store, which answers it 400 in its own shape and
      // headers; Node's parser would send a bare 400 itself.
      const options = { ...limits.http, requireHostHeader: false };
      const server = http.createServer(options, (request, response) => {
        if (!serve(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = limits.keepAliveTimeout;
      server.requestTimeout = limits.requestTimeout;
      server.setTimeout(limits.connectionTimeout);
      return server;
    },
  };
}

export type FastLane = ReturnType<typeof createFastLane>;

/**
 * Whether the store serves a GET naming `host`, as its own judge decides. The verdict is the
 * same for every remembered target: none is a path that answers on any host (health, webhooks).
 */
function createHostVerdicts(storeAddress: StoreAddress) {
  const hostVerdicts = new Map<string, { serve: boolean; at: number }>();
  return function servesHost(host: string, url: string): boolean {
    const now = Date.now();
    const known = hostVerdicts.get(host);
    if (known && now - known.at < HOST_VERDICT_TTL_MS) return known.serve;
    const verdict = storeAddress.judge({ method: 'GET', url, host, protocol: 'http' });
    if (hostVerdicts.size >= MAX_HOST_VERDICTS) hostVerdicts.clear();
    hostVerdicts.set(host, { serve: verdict.kind === 'serve', at: now });
    return verdict.kind === 'serve';
  };
}
