import {
  AccountMessages,
  AuthUserResponseSchema,
  ChangePasswordBodySchema,
  ErrorBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  RegisterBodySchema,
  UpdateProfileBodySchema,
} from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, type SessionCookie, type SessionUser } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';
import type { PasswordResetService } from './password-reset.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  passwordReset: PasswordResetService;
  cookie: SessionCookie;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { auth, passwordReset, cookie },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: AuthUserResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({ user: stripToken(requireUser(request)) }),
  );

  api.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: LoginBodySchema,
        response: { 200: AuthUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.login(request.body, request.ip, cookie.read(request));
      cookie.set(reply, token, auth.sessionMaxAgeSeconds);
      return { user };
    },
  );

  api.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a buyer account (role user only)',
        body: RegisterBodySchema,
        response: { 201: AuthUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, request.ip);
      return reply.code(201).send({ user });
    },
  );

  api.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out (succeeds when already signed out)',
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(cookie.read(request));
      cookie.clear(reply);
      return { message: 'Signed out.' };
    },
  );

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
};

function stripToken({ tokenHash: _tokenHash, ...user }: SessionUser) {
  return user;
}
