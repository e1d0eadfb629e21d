import {
  ErrorBodySchema,
  StoreSettingsSchema,
  UpdateStoreSettingsBodySchema,
} from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/session.js';
import type { SettingsService } from './settings.service.js';

/** The owner's settings: read them, save them (admin only). */
export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/settings',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['settings'],
        summary: 'The store’s settings: name, support email, product page notes (admin)',
        description:
          'Kept in the database; the first read takes them from STORE_NAME and SUPPORT_EMAIL ' +
          'and the specification’s four notes.',
        response: { 200: StoreSettingsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => settings.read(),
  );

  api.put(
    '/api/admin/settings',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['settings'],
        summary: 'Save the store’s settings (admin)',
        description:
          'Every page, email and instance uses them from the next request on. An empty ' +
          '`productNotes` hides the notes.',
        body: UpdateStoreSettingsBodySchema,
        response: {
          200: StoreSettingsSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => settings.update(request.body),
  );
};
