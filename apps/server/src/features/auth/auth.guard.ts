import { AuthMessages } from '@bindery/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { SessionUser } from './auth.service.js';

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
