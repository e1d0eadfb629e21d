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

/** An answer as the lane sends it. */
export type LaneReply = NonNullable<ReturnType<LaneAnswer>>;

/**
 * How a route works out the answer to a GET of its path the lane has no answer for: undefined
 * leaves the request to Fastify (a query the route's schema refuses, say); a promise that fails
 * hands it to Fastify too, which answers it as the route does (its error, its log line).
 */
export type LaneRoute = (
  target: string,
  query: string,
  request: IncomingMessage['headers'],
) => Promise<LaneReply> | undefined;

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
 * A route may also let the lane work out an answer it does not have (`computes`): a search
 * asked for the first time, under the same conditions, is then answered without Fastify's
 * routing, hooks and objects (decision 041, the sixth pass).
 *
 * Everything else, and every request while the store shuts down, goes to Fastify. The lane
 * sends the same security headers, and writes the same access-log line (with `kept: true` for a
 * kept answer), as the route would. Measured in docs/performance.md: a cached catalogue page
 * went from about a third of bare node:http's rate through the whole stack to more than half.
 */
export function createFastLane(options: {
  /** The security headers for an answer to a target (securityHeadersFor). */
  securityHeaders: (target: string, contentType: unknown) => Record<string, string>;
  storeAddress: StoreAddress;
  sessionCookieName: string;
}) {
  const targets = new Map<string, LaneAnswer>();
  const routes = new Map<string, LaneRoute>();
  const isPlain = plainRequests(options.storeAddress, options.sessionCookieName);
  const log: { to?: { logger: FastifyBaseLogger; accessLog: AccessLog } } = {};
  const send = laneSender(options.securityHeaders, log);
  let open = true;

  /** The route that may work out `target`'s answer, and the target's query. */
  function routeOf(target: string): { route: LaneRoute; query: string } | undefined {
    const queryAt = target.indexOf('?');
    const route = routes.get(queryAt < 0 ? target : target.slice(0, queryAt));
    return route && { route, query: queryAt < 0 ? '' : target.slice(queryAt + 1) };
  }

  /**
   * Answers `request` from the lane and returns true, or returns false and leaves it alone. An
   * answer a route works out that fails goes to `fallback` (Fastify) after all.
   */
  function serve(
    request: IncomingMessage,
    response: ServerResponse,
    fallback: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean {
    if (!open || request.method !== 'GET' || request.url === undefined) return false;
    const target = request.url;
    const answerFor = targets.get(target);
    // A kept answer's target is a map lookup; only a target without one is split into its path.
    let routed = answerFor ? undefined : routeOf(target);
    if (!answerFor && !routed) return false;
    const started = performance.now();
    if (!isPlain(request, target)) return false;
    const answer = answerFor?.(request.headers);
    if (answer) {
      send(target, response, answer, started, true);
      return true;
    }
    if (answerFor) targets.delete(target);
    routed ??= routeOf(target);
    let working: Promise<LaneReply> | undefined;
    try {
      working = routed?.route(target, routed.query, request.headers);
    } catch {
      return false; // Fastify answers it as the route does.
    }
    if (!working) return false;
    working.then(
      (worked) => send(target, response, worked, started, false),
      () => fallback(request, response),
    );
    return true;
  }

  return {
    serve,

    /** A GET of `path` the lane has no answer for may be worked out by `route` (see LaneRoute). */
    computes(path: string, route: LaneRoute) {
      routes.set(path, route);
    },

    /** From now on a GET for `target` may be answered by `answer` while it gives one. */
    remember(target: string, answer: LaneAnswer) {
      targets.delete(target);
      targets.set(target, answer);
      if (targets.size > MAX_TARGETS) targets.delete(targets.keys().next().value!);
    },

    /** Where the access-log lines go (the app's, once it exists), at the logger's level. */
    logTo(logger: FastifyBaseLogger, accessLog: AccessLog) {
      log.to = { logger, accessLog };
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
        if (!serve(request, response, handler)) handler(request, response);
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
 * Whether nothing about a request could make its route answer it differently: no body, no
 * session cookie, no X-Forwarded-* headers, exactly one Host header, and a host the store serves.
 */
function plainRequests(storeAddress: StoreAddress, sessionCookieName: string) {
  const servesHost = createHostVerdicts(storeAddress);
  const sessionCookie = `${sessionCookieName}=`;
  return function isPlain(request: IncomingMessage, target: string): boolean {
    const headers = request.headers;
    return !(
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      headers['x-forwarded-host'] !== undefined ||
      headers['x-forwarded-proto'] !== undefined ||
      headers.cookie?.includes(sessionCookie) ||
      !servesHost(headers.host ?? '', target) ||
      hostHeaderRefusal(request) !== null
    );
  };
}

/** Sends a lane's answer with the security headers, and writes its access-log line. */
function laneSender(
  securityHeaders: (target: string, contentType: unknown) => Record<string, string>,
  log: { to?: { logger: FastifyBaseLogger; accessLog: AccessLog } },
) {
  // The headers sent with each prepared answer, worked out once (answers prepare theirs once).
  const sentHeaders = new WeakMap<object, Record<string, string>>();
  return function send(
    target: string,
    response: ServerResponse,
    answer: LaneReply,
    started: number,
    kept: boolean,
  ) {
    let sent = sentHeaders.get(answer.headers);
    if (!sent) {
      sent = {
        ...securityHeaders(target, answer.headers['content-type']),
        ...answer.headers,
        ...(answer.body ? { 'content-length': String(answer.body.length) } : {}),
      };
      sentHeaders.set(answer.headers, sent);
    }
    response.writeHead(answer.status, sent);
    response.end(answer.body);
    if (log.to && isInfoEnabled(log.to.logger)) {
      const elapsed = performance.now() - started;
      log.to.accessLog.completed(randomUUID(), 'GET', target, answer.status, elapsed, kept);
    }
  };
}

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
