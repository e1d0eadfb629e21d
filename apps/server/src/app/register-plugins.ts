import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { registerCompression } from '../plugins/compression.js';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { registerInputGuard } from '../plugins/input-guard.js';
import { registerLingeringClose } from '../plugins/lingering-close.js';
import { registerOpenApi } from '../plugins/openapi.js';
import { registerSecurity } from '../plugins/security.js';
import { registerRequestTimeout } from '../plugins/timeouts.js';

/** The cross-cutting plugins every feature's routes run behind. */
export async function registerPlugins(app: FastifyInstance, config: Config) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestTimeout(app, config);
  registerLingeringClose(app);
  registerInputGuard(app);
  // JSON is the only body the API reads; a text/plain form post from another site gets 415.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  await registerCompression(app);
  registerSecurity(app, config);
  await registerOpenApi(app, config);
}
