import { AuthMessages, type User } from '@bindery/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/** The signed-in user as routes see it. */
export type SessionUser = User & { tokenHash: string };

/** What a session cookie turned out to be. */
export type Authentication =
  | { kind: 'user'; user: SessionUser }
  /** It was unused longer than its role's idle timeout: ended now. */
  | { kind: 'idle' }
  | { kind: 'none' };

/** Looks a session token up: the auth feature's service, passed in at wiring. */
export interface SessionLookup {
  authenticate(token: string): Promise<Authentication>;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** Set when the cookie's session was just ended for inactivity. */
    sessionEndedIdle: boolean;
  }
}

/** A token is 32 random bytes in base64url; anything else cannot be a session and is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createSessionCookie(config: Config) {
  // `__Host-` binds the cookie to this exact origin, but browsers accept it only with Secure.
  const name = config.isSecure ? '__Host-bindery_session' : 'bindery_session';
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isSecure } as const;
  return {
    name,
    read: (request: FastifyRequest) => request.cookies[name] || undefined,
    set: (reply: FastifyReply, token: string, maxAgeSeconds: number) =>
      reply.setCookie(name, token, { ...options, maxAge: maxAgeSeconds }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
  };
}

export type SessionCookie = ReturnType<typeof createSessionCookie>;

/** Resolves the session cookie once per request, for every feature's routes. */
export function registerSessions(
  app: FastifyInstance,
  sessions: SessionLookup,
  cookie: SessionCookie,
) {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionEndedIdle', false);
  app.addHook('onRequest', async (request, reply) => {
    const token = cookie.read(request);
    if (!token || !TOKEN_SHAPE.test(token)) return;
    const found = await sessions.authenticate(token);
    if (found.kind === 'user') request.sessionUser = found.user;
    if (found.kind === 'idle') {
      request.sessionEndedIdle = true;
      cookie.clear(reply);
    }
  });
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) {
    throw AppError.unauthorized(
      request.sessionEndedIdle ? AuthMessages.signedOutInactive : AuthMessages.notSignedIn,
    );
  }
  return request.sessionUser;
}

/** A signed-in admin, or 401 when signed out and 403 for other roles. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw AppError.forbidden(AuthMessages.notAllowed);
  return user;
}
