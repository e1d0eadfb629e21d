import {
  AuthUserResponseSchema,
  ErrorBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  RegisterBodySchema,
} from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, type SessionUser } from '../../plugins/session.js';
import type { AuthRoutesOptions } from './auth.routes.js';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** Who is signed in, signing in and out, and registering. */
export function registerSignInRoutes(
  app: FastifyInstance,
  { auth, cookie }: Pick<AuthRoutesOptions, 'auth' | 'cookie'>,
) {
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
}

function stripToken({ tokenHash: _tokenHash, ...user }: SessionUser) {
  return user;
}
