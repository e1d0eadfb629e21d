import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { apiHeadersOnJson } from './security.js';

/** The OpenAPI document, generated from the same Zod schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.storeName} API`,
        description: 'Bindery store API',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  // swagger-ui sets its page's policy on every answer of its own, after the store's hooks: its
  // JSON document gets the API's headers back from a hook on its routes, which runs last.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) {
      route.onSend = [route.onSend ?? []].flat().concat(apiHeadersOnJson);
    }
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
