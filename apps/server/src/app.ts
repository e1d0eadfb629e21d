import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createLocalStorage } from './adapters/storage/local.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createAuthRepo } from './features/auth/auth.repo.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService, type AuthService } from './features/auth/auth.service.js';
import { createSessionCookie, registerSessions } from './features/auth/auth.session.js';
import { createCatalogRepo } from './features/catalog/catalog.repo.js';
import { catalogRoutes } from './features/catalog/catalog.routes.js';
import { createCatalogService, type CatalogService } from './features/catalog/catalog.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { createUploadsService, type UploadsService } from './features/uploads/uploads.service.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';

export interface AppOptions {
  /** An already open database (tests pass their own); otherwise opened from the config. */
  database?: DatabaseHandle;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Builds the whole application without listening: plugins first, then one plugin per feature. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? openDatabase(config.database);
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Long ids are answered 404 by the routes, not 414 by the router.
    routerOptions: { maxParamLength: 1000 },
  });
  app.addHook('onClose', () => database.close());
  app.decorate('database', database);
  try {
    await migrate(database);
  } catch (error) {
    await app.close();
    throw error;
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // JSON is the only body the API reads; a text/plain form post from another site gets 415.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  await registerSecurity(app, config);
  await registerOpenApi(app, config);

  const auth = createAuthService(createAuthRepo(database.db), config.auth);
  const sessionCookie = createSessionCookie(config);
  registerSessions(app, auth, sessionCookie);
  app.decorate('auth', auth);

  await app.register(healthRoutes, { db: database.db });
  await app.register(authRoutes, { auth, cookie: sessionCookie });

  // Uploads: temp files a crash left behind go at once; uploads no product took within a
  // day go at start-up and then hourly.
  const storage = createLocalStorage(config.dataDir);
  await storage.sweepTemp();
  const uploads = createUploadsService({ db: database.db, storage, config });
  app.decorate('uploads', uploads);
  await app.register(uploadsRoutes, { uploads, config });

  const catalog = createCatalogService(createCatalogRepo(database.db, database.dialect), uploads);
  app.decorate('catalog', catalog);
  await app.register(catalogRoutes, { catalog });
  const sweepUploads = () =>
    uploads
      .sweepOrphans(DAY)
      .catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep failed'));
  app.addHook('onReady', async () => void (await sweepUploads()));
  const uploadSweep = setInterval(sweepUploads, HOUR);
  uploadSweep.unref();
  app.addHook('onClose', async () => clearInterval(uploadSweep));
  await registerWebApp(app, config);

  const purge = setInterval(() => {
    auth
      .purgeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
  }, HOUR);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    auth: AuthService;
    uploads: UploadsService;
    catalog: CatalogService;
  }
}
