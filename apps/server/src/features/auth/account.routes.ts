import {
  AccountMessages,
  AuthUserResponseSchema,
  ChangePasswordBodySchema,
  ErrorBodySchema,
  MessageResponseSchema,
  UpdateProfileBodySchema,
} from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.js';
import type { AuthRoutesOptions } from './auth.routes.js';

/** The account page: the signed-in user's name and password. */
export function registerAccountRoutes(
  app: FastifyInstance,
  { auth }: Pick<AuthRoutesOptions, 'auth'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.patch(
    '/api/auth/me',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user’s name (the account page)',
        body: UpdateProfileBodySchema,
        response: { 200: AuthUserResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({
      user: await auth.updateName(requireUser(request)._id, request.body.name),
    }),
  );

  api.post(
    '/api/auth/change-password',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user’s password; their other sessions end',
        description:
          '400 when the current password is wrong (counted like a failed sign-in: 429 with ' +
          'Retry-After after too many) or the new one breaks the registration rules.',
        body: ChangePasswordBodySchema,
        response: {
          200: MessageResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await auth.changePassword(requireUser(request), request.body, request.ip);
      return { message: AccountMessages.passwordChanged };
    },
  );
}
