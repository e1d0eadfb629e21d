import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Config } from '../config.js';
import { createSecurityLog } from '../security-log.js';
import { createStoreAddress, hostHeaderRefusal } from './store-address.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // MUI (emotion) injects style elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * The store's Content-Security-Policy with inline scripts of these SHA-256 hashes allowed too:
 * for a server-rendered page that carries one fixed script of its own (the test checkout).
 */
export function contentSecurityPolicyWithScripts(scriptHashes: string[]): string {
  const directives: Record<string, string[]> = {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
  };
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join(';');
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The address the store is at for this request, without a trailing slash: PUBLIC_URL when it
     * is set, otherwise the scheme and host the buyer used (decision 010). Links and redirects
     * are built from it.
     */
    storeUrl: string;
  }
}

/**
 * The security headers every answer carries, worked out once: the same set a hardened helmet
 * configuration sends, without recomputing it per request. Pages with an inline script of their
 * own replace the Content-Security-Policy (contentSecurityPolicyWithScripts).
 */
export function securityHeaders(config: Pick<Config, 'isSecure'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicyWithScripts([]),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(config.isSecure
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Headers only a document (a page the browser renders) uses: a JSON answer goes without them. */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
];

/** An API answer loads nothing and may be framed by nobody. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Whether an answer is the API's rather than a document: JSON (an error answer on any path
 * included), or no body type at all on an /api/ path (204, 304). Pages, files and images, which
 * a browser renders or may open inline, are documents; so is a download link's bodiless answer.
 */
export function isApiAnswer(target: string, contentType: unknown): boolean {
  if (typeof contentType === 'string') return JSON_TYPE.test(contentType);
  if (contentType !== undefined) return false;
  return target.startsWith('/api/') && !target.startsWith('/api/downloads/');
}

/** The security headers for an answer, by `isApiAnswer`: each set worked out once. */
export function securityHeadersFor(config: Pick<Config, 'isSecure'>) {
  const document = securityHeaders(config);
  const api: Record<string, string> = {
    ...document,
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
  };
  for (const name of DOCUMENT_ONLY_HEADERS) delete api[name];
  return (target: string, contentType: unknown) =>
    isApiAnswer(target, contentType) ? api : document;
}

/** An onSend hook: an API answer (isApiAnswer) sheds the headers only documents use. */
export const apiHeadersOnJson: onSendHookHandler = (request, reply, payload, done) => {
  if (isApiAnswer(request.url, reply.getHeader('content-type'))) {
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
  }
  done(null, payload);
};

/**
 * Security headers everywhere (a JSON answer's without those only documents use); a request without exactly one Host refused (400); the host a
 * request names checked (redirected to PUBLIC_URL, or
 * refused when the store does not answer to it); cross-site writes refused before they reach a
 * route.
 */
export function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  const storeAddress = createStoreAddress(config);
  app.decorateRequest('storeUrl', storeAddress.fallbackUrl);
  const security = createSecurityLog(app.log);
  // Every answer starts with a document's set, so one sent another way (a file streamed, a
  // page) has it; a JSON answer sheds what only documents use once its type is known.
  app.addHook('onSend', apiHeadersOnJson);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    const hostRefusal = hostHeaderRefusal(request.raw);
    if (hostRefusal) return reply.code(400).send(hostRefusal);
    const verdict = storeAddress.judge(request);
    if (verdict.kind === 'serve') request.storeUrl = verdict.storeUrl;
    const refusal = crossSiteRefusal(request, verdict.kind === 'serve' ? verdict.storeUrl : null);
    if (refusal) return reply.code(403).send(refusal);
    if (verdict.kind === 'redirect') {
      return reply.header('cache-control', 'no-store').redirect(verdict.location, 308);
    }
    if (verdict.kind === 'refuse') {
      request.log.warn(
        { event: 'request.host_refused', host: request.host.slice(0, 200), ip: request.ip },
        'refused a request for a host this store does not answer to',
      );
      return reply.code(421).send(verdict.body);
    }
  });

  /** A write to the API from another site: the 403 body, or null when it may go on. */
  function crossSiteRefusal(request: FastifyRequest, storeUrl: string | null): ErrorBody | null {
    if (SAFE_METHODS.has(request.method)) return null;
    // The route matched (or, for none, the target's path), never the raw target's text.
    const path = request.routeOptions.url ?? new URL(request.url, 'http://target').pathname;
    // The test checkout's page answers cross-site posts with a page of its own.
    if (!path.startsWith('/api/')) return null;
    // Payment providers post webhooks from their own servers; those routes verify signatures.
    if (path.startsWith('/api/webhooks/')) return null;
    // Decided by what the browser says about the request's initiator, against the store's
    // address for this request (PUBLIC_URL, or a host this machine answers to): never by a Host
    // header alone or by the request target, which the client chooses (an absolute-form target
    // such as `POST http://other.example/api/…` names any host it likes).
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const isCrossSite =
      fetchSite !== undefined
        ? fetchSite !== 'same-origin' && fetchSite !== 'none'
        : origin !== undefined && (storeUrl === null || origin !== new URL(storeUrl).origin);
    if (isCrossSite) {
      security.event('request.cross_site_refused', {
        method: request.method,
        path: request.url.slice(0, 200),
        origin,
        fetchSite,
        ip: request.ip,
      });
      return { message: 'Cross-site requests are not allowed.', code: ErrorCode.forbidden };
    }
    return null;
  }
}
