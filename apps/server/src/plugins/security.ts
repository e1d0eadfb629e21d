import helmet from '@fastify/helmet';
import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import { isLoopbackUrl, type Config } from '../config.js';
import { createSecurityLog } from '../security-log.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers everywhere, and cross-site writes refused before they reach a route. */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    hsts: config.isSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });

  const trustedOrigins = trustedOriginsOf(config);
  const security = createSecurityLog(app.log);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The route matched (or, for none, the target's path), never the raw target's text.
    const path = request.routeOptions.url ?? new URL(request.url, 'http://target').pathname;
    // The test checkout's page answers cross-site posts with a page of its own.
    if (!path.startsWith('/api/')) return;
    // Payment providers post webhooks from their own servers; those routes verify signatures.
    if (path.startsWith('/api/webhooks/')) return;
    // Decided by what the browser says about the request's initiator, against PUBLIC_URL: never
    // by the Host header or the request target, which the client chooses (an absolute-form
    // target such as `POST http://other.example/api/…` names any host it likes).
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const isCrossSite =
      fetchSite !== undefined
        ? fetchSite !== 'same-origin' && fetchSite !== 'none'
        : origin !== undefined && !trustedOrigins.has(origin);
    if (isCrossSite) {
      security.event('request.cross_site_refused', {
        method: request.method,
        path: request.url.slice(0, 200),
        origin,
        fetchSite,
        ip: request.ip,
      });
      const body: ErrorBody = {
        message: 'Cross-site requests are not allowed.',
        code: ErrorCode.forbidden,
      };
      return reply.code(403).send(body);
    }
  });
}

/**
 * The origins a browser may write from when it sends Origin but no Sec-Fetch-Site: PUBLIC_URL's,
 * and on a loopback PUBLIC_URL the other loopback names for the same port.
 */
function trustedOriginsOf(config: Pick<Config, 'publicUrl'>): Set<string> {
  const url = new URL(config.publicUrl);
  const origins = new Set([url.origin]);
  if (isLoopbackUrl(config.publicUrl)) {
    const port = url.port ? `:${url.port}` : '';
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      origins.add(`${url.protocol}//${host}${port}`);
    }
  }
  return origins;
}
