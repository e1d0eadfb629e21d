import helmet from '@fastify/helmet';
import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

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

  const trustedOrigins = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // Payment providers post webhooks from their own servers; those routes verify signatures.
    if (request.url.startsWith('/api/webhooks/')) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const isCrossSite =
      fetchSite === 'cross-site' ||
      (origin !== undefined && origin !== ownOrigin && !trustedOrigins.has(origin));
    if (isCrossSite) {
      request.log.warn({ origin, fetchSite }, 'refused cross-site request');
      const body: ErrorBody = {
        message: 'Cross-site requests are not allowed.',
        code: ErrorCode.forbidden,
      };
      return reply.code(403).send(body);
    }
  });
}
