import {
  AccountMessages,
  ErrorBodySchema,
  MessageResponseSchema,
  PasswordResetCheckBodySchema,
  PasswordResetCheckResponseSchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
} from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthRoutesOptions } from './auth.routes.js';

/** Account recovery by email: asking for a link, and setting a new password with it. */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  { passwordReset }: Pick<AuthRoutesOptions, 'passwordReset'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link',
        description:
          'Answers 202 with the same body, after the same work, whether or not an account has ' +
          'that email; the email is sent after the answer. One email per address per five ' +
          'minutes, three requests per email and client address per hour that can send, and ' +
          'ten requests per client address per hour (429).',
        body: PasswordResetRequestBodySchema,
        response: { 202: MessageResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await passwordReset.requestReset(request.body.email, request.ip);
      return reply.code(202).send({ message: AccountMessages.resetRequested });
    },
  );

  api.post(
    '/api/auth/password-reset/check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the token from a reset link still works, without using it',
        description:
          'For the reset page to say at once that a link no longer works. The token travels in ' +
          'the body, never the address. 400 for a token that is unknown, used or expired; such ' +
          'refusals are counted per client address, 20 an hour (429 past them).',
        body: PasswordResetCheckBodySchema,
        response: {
          200: PasswordResetCheckResponseSchema,
          400: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await passwordReset.checkReset(request.body.token, request.ip);
      return { usable: true as const };
    },
  );

  api.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from a reset link',
        description:
          'Ends every session of the account. 400 for a token that is unknown, used or expired ' +
          '(30 minutes), or a password that breaks the registration rules.',
        body: PasswordResetConfirmBodySchema,
        response: { 200: MessageResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      await passwordReset.confirmReset(request.body.token, request.body.password, request.ip);
      return { message: AccountMessages.passwordReset };
    },
  );
}
