import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './adapters/payments/payment-provider.js';
import type { AppContext } from './app/app-context.js';
import { createHttpServer } from './app/http-server.js';
import { exclusiveJobRunner, scheduleSessionPurge } from './app/jobs.js';
import { migrateWhenReachable } from './app/migrate-when-reachable.js';
import type { AppOptions } from './app/options.js';
import { registerPlugins } from './app/register-plugins.js';
import { wireAccounts } from './app/wire-accounts.js';
import { wireCatalogue } from './app/wire-catalogue.js';
import { wireMoneyPath } from './app/wire-money-path.js';
import { wireProductUpdates } from './app/wire-product-updates.js';
import { wireSettings } from './app/wire-settings.js';
import { wireStorefront } from './app/wire-storefront.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import type { AuthService, PasswordResetService } from './features/auth/index.js';
import type { CatalogService } from './features/catalog/index.js';
import type { CheckoutService } from './features/checkout/index.js';
import type { DownloadsService } from './features/downloads/index.js';
import type { MailService } from './features/mail/index.js';
import type { OrdersService } from './features/orders/index.js';
import type { SettingsService } from './features/settings/index.js';
import type { StampingService } from './features/stamping/index.js';
import type { UploadsService } from './features/uploads/index.js';

export type { AppOptions };

/** Builds the whole application without listening: plugins first, then one plugin per feature. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? openDatabase(config.database);
  const { app, lane } = createHttpServer(config, database, options.logStream);
  const readiness = await migrateWhenReachable(app, database);
  const runJob = exclusiveJobRunner(app, database);
  app.decorate('whenDatabaseReady', readiness.whenReady);
  app.decorate('isDatabaseReady', readiness.isReady);
  await registerPlugins(app, config);

  const context: AppContext = { app, config, options, database, readiness, runJob, lane };
  const settings = await wireSettings(context);
  const { mail, auth } = await wireAccounts(context, settings);
  const { uploads, catalog, storage } = await wireCatalogue(context);
  await wireMoneyPath(context, { mail, auth, uploads, catalog, settings, storage });
  await wireProductUpdates(context, { mail, auth, catalog, settings });
  await wireStorefront(context, catalog, settings);
  scheduleSessionPurge(app, runJob, auth);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Resolves once the database is migrated and reachable (at once, unless it was down at start). */
    whenDatabaseReady(): Promise<void>;
    isDatabaseReady(): boolean;
    routeTable: ReadonlyArray<{ method: string; url: string }>;
    auth: AuthService;
    passwordReset: PasswordResetService;
    mail: MailService;
    uploads: UploadsService;
    catalog: CatalogService;
    payments: PaymentProvider;
    orders: OrdersService;
    downloads: DownloadsService;
    stamping: StampingService;
    checkout: CheckoutService;
    settings: SettingsService;
  }
}
