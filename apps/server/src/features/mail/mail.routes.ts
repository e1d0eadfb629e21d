import {
  ErrorBodySchema,
  OutboxMailResponseSchema,
  OutboxQuerySchema,
  OutboxResponseSchema,
} from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session.js';
import type { MailService } from './mail.service.js';

const ParamsSchema = z.object({ id: z.string().max(100, 'id is too long') });

/** The owner's view of the outbox: what was sent, what is waiting, what failed, and retrying. */
export const mailRoutes: FastifyPluginAsync<{ mail: MailService }> = async (app, { mail }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/mail',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['mail'],
        summary: 'Email in the outbox by status, newest first (admin)',
        description:
          'Failed email by default: email the mail server refused, or that could not be sent ' +
          'for a day. `failed` counts failed email whichever status is listed.',
        querystring: OutboxQuerySchema,
        response: {
          200: OutboxResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => mail.list(request.query),
  );

  api.post(
    '/api/admin/mail/:id/retry',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['mail'],
        summary: 'Send a failed email again (admin)',
        description:
          'The email is queued now with a fresh day of retries. 409 when it was sent, is still ' +
          'queued, or holds a link that has expired (a password reset).',
        params: ParamsSchema,
        response: {
          200: OutboxMailResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => ({ mail: await mail.retry(request.params.id) }),
  );
};
