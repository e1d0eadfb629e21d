import { ErrorCode } from '@bindery/shared';
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createPaymentProvider } from './adapters/payments/index.js';
import type { PaymentProvider } from './adapters/payments/payment-provider.js';
import { isStripeProvider } from './adapters/payments/stripe.js';
import { createStorage } from './adapters/storage/index.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/errors.js';
import { createJobLock, type ExclusiveJob } from './db/job-lock.js';
import { migrate } from './db/migrate.js';
import { createAuthRepo } from './features/auth/auth.repo.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService, type AuthService } from './features/auth/auth.service.js';
import { createSessionCookie, registerSessions } from './features/auth/auth.session.js';
import { createPasswordChangedNotice } from './features/auth/password-notice.js';
import {
  createPasswordResetService,
  type PasswordResetService,
} from './features/auth/password-reset.service.js';
import { createCatalogRepo } from './features/catalog/catalog.repo.js';
import { catalogRoutes } from './features/catalog/catalog.routes.js';
import { createCatalogService, type CatalogService } from './features/catalog/catalog.service.js';
import {
  checkoutRoutes,
  createCheckoutService,
  type CheckoutService,
} from './features/checkout/index.js';
import {
  createDownloadsRepo,
  createDownloadsService,
  downloadsRoutes,
  type DownloadsService,
} from './features/downloads/index.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createMailRepo } from './features/mail/mail.repo.js';
import { mailRoutes } from './features/mail/mail.routes.js';
import { createMailService, type MailService } from './features/mail/mail.service.js';
import { createLogTransport, createSmtpTransport } from './features/mail/mail-transport.js';
import {
  createOrderNotices,
  createOrdersRepo,
  createOrdersService,
  ordersRoutes,
  type OrdersService,
} from './features/orders/index.js';
import {
  createSalesLedger,
  createSalesRepo,
  createSalesService,
  salesRoutes,
} from './features/sales/index.js';
import {
  createTestCheckoutRepo,
  createTestCheckoutService,
  createTestCheckoutSessions,
  testCheckoutRoutes,
} from './features/test-checkout/index.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { stripeWebhookRoutes } from './features/webhooks/index.js';
import { createUploadsService, type UploadsService } from './features/uploads/uploads.service.js';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
} from './plugins/error-handler.js';
import { registerCompression } from './plugins/compression.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerLingeringClose } from './plugins/lingering-close.js';
import { createFastLane } from './plugins/fast-lane.js';
import { registerSecurity, securityHeaders } from './plugins/security.js';
import { createStoreAddress } from './plugins/store-address.js';
import { registerRequestTimeout, serverTimeouts } from './plugins/timeouts.js';
import { createSitemap } from './features/storefront/sitemap.js';
import { storefrontRoutes } from './features/storefront/storefront.routes.js';
import {
  createStorefrontService,
  type PageRenderer,
} from './features/storefront/storefront.service.js';
import { loadPageRenderer, registerWebApp } from './plugins/web-app.js';
import { createSecurityLog } from './security-log.js';
import { redactUrl } from './lib/log-format.js';

export interface AppOptions {
  /** An already open database (tests pass their own); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** The clock of orders, checkout and downloads (tests move it across expiry boundaries). */
  clock?: () => number;
  /** Renders the public pages instead of the web build's renderer (tests). */
  pageRenderer?: PageRenderer;
  /** Addresses per sitemap file (tests page a small catalogue); 50,000 otherwise. */
  sitemapUrlsPerFile?: number;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * The access log writes one line per request, when it is answered, with the request, the status
 * and the time taken; not a second line when it arrives (that doubled the log and its cost).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

const MINUTE = 60 * 1000;
/** How often a store whose database was unreachable at start tries again. */
const DATABASE_RETRY_MS = 2000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Builds the whole application without listening: plugins first, then one plugin per feature. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? openDatabase(config.database);
  // Kept public answers go out from the HTTP server itself, before Fastify's work per request.
  const lane = createFastLane({
    securityHeaders: securityHeaders(config),
    storeAddress: createStoreAddress(config),
    sessionCookieName: createSessionCookie(config).name,
  });
  const limits = serverTimeouts(config);
  const app = Fastify({
    serverFactory: (handler) => lane.createServer(handler, limits),
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Download and password reset links are credentials for their lifetime: keep their
      // tokens out of the logs.
      serializers: {
        req: (request: { method: string; url: string; id: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          reqId: request.id,
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    return503OnClosing: true,
    ...limits,
    clientErrorHandler,
    frameworkErrors,
    // Long ids are answered 404 by the routes, not 414 by the router.
    routerOptions: { maxParamLength: 1000 },
  });
  app.addHook('onClose', () => database.close());
  lane.logTo(app.log);
  app.addHook('preClose', async () => lane.close());
  // Every route, as registered: the guard test walks this table so no route escapes it.
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('database', database);
  database.onConnectionError((error) =>
    app.log.error({ err: error }, 'database connection lost; the next query reconnects'),
  );
  const readiness = await migrateWhenReachable(app, database);
  const runJob = exclusiveJobRunner(app, database);
  app.decorate('whenDatabaseReady', readiness.whenReady);
  app.decorate('isDatabaseReady', readiness.isReady);

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

  // Email goes through the outbox; the worker sends it (SMTP_URL), or writes it to the log.
  const mail = createMailService({
    repo: createMailRepo(database.db, database.dialect),
    transport: config.mail.smtpUrl
      ? createSmtpTransport(config.mail.smtpUrl, new URL(config.publicUrl).hostname)
      : createLogTransport(app.log),
    from: config.mail.from,
    clock: options.clock,
    isDatabaseReady: () => readiness.isReady(),
    log: app.log,
  });
  app.decorate('mail', mail);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());
  await app.register(mailRoutes, { mail });

  // Links in email are never built on a request's Host, which the requester chooses: they use
  // PUBLIC_URL, or without it the address announced at start-up (decision 010).
  const accountMail = {
    mail,
    storeName: config.storeName,
    storeUrl: config.publicUrl,
    timeZone: config.timeZone,
  };
  const auth = createAuthService(
    createAuthRepo(database.db),
    config.auth,
    options.clock,
    createSecurityLog(app.log),
    createPasswordChangedNotice(accountMail),
  );
  const sessionCookie = createSessionCookie(config);
  registerSessions(app, auth, sessionCookie);
  app.decorate('auth', auth);

  const passwordReset = createPasswordResetService({
    ...accountMail,
    repo: createAuthRepo(database.db),
    clock: options.clock,
    security: createSecurityLog(app.log),
    log: app.log,
  });
  app.decorate('passwordReset', passwordReset);
  app.addHook('preClose', () => passwordReset.settled());
  await app.register(authRoutes, { auth, passwordReset, cookie: sessionCookie });

  // Uploads: on the local disk (one process owns it) temp files a crash left behind go at once.
  // Uploads no product took within a day go at start-up and then hourly, and with them a shared
  // bucket's temporary objects over an hour old (other instances may be receiving the newer).
  const storage = await createStorage(config);
  await app.register(healthRoutes, { db: database.db, storage });
  if (storage.sharing === 'local') await storage.sweepTemp();
  const uploads = createUploadsService({ db: database.db, storage, config });
  app.decorate('uploads', uploads);
  await app.register(uploadsRoutes, { uploads, config });

  const catalog = createCatalogService(createCatalogRepo(database.db, database.dialect), uploads);
  app.decorate('catalog', catalog);
  watchCatalogue(app, catalog);
  let sweeping: Promise<void> | undefined;
  const sweepUploads = () =>
    (sweeping ??= runJob('uploadSweep', async () => {
      await uploads.sweepOrphans(DAY);
      if (storage.sharing === 'shared') await storage.sweepTemp(HOUR);
    }).finally(() => {
      sweeping = undefined;
    }));
  // A bucket's answer may take seconds: the start waits for the local disk's sweep only.
  app.addHook('onReady', async () => {
    const sweep = sweepUploads();
    if (storage.sharing === 'local') await sweep;
  });
  const uploadSweep = setInterval(sweepUploads, HOUR);
  uploadSweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(uploadSweep);
    await sweeping;
  });

  // ── Orders, checkout and downloads: the money path ──
  // The price always comes from the catalogue; every confirmation of a payment (webhook,
  // success page, test checkout, reconciliation) ends in fulfilment's applyPaymentOutcome.
  const clock = options.clock ?? Date.now;
  // The test checkout's sessions live in its feature; the adapter reaches them as a port.
  const testCheckoutSessions = createTestCheckoutSessions({
    repo: createTestCheckoutRepo(database.db),
    clock,
  });
  const payments = createPaymentProvider({ config, testCheckout: testCheckoutSessions, clock });
  // Every change of an order's sales facts is recorded in the sales totals, in its transaction.
  const salesRepo = createSalesRepo(database.db, database.dialect);
  const orders = createOrdersService({
    repo: createOrdersRepo(database.db, database.dialect, createSalesLedger(salesRepo)),
    catalog,
    users: auth,
    notices: createOrderNotices({
      mail,
      catalog,
      users: auth,
      storeName: config.storeName,
      storeUrl: config.publicUrl,
      timeZone: config.timeZone,
    }),
    downloadLimit: config.downloads.limit,
    clock,
  });
  const downloads = createDownloadsService({
    repo: createDownloadsRepo(database.db, database.dialect),
    orders,
    catalog,
    uploads,
    config,
    clock,
  });
  // Downloads still being counted when the server has drained are counted before the end.
  app.addHook('onClose', () => downloads.idle());
  const checkout = createCheckoutService({
    orders,
    catalog,
    payments,
    downloads,
    config,
    clock,
    log: app.log,
  });
  app.decorate('payments', payments);
  app.decorate('orders', orders);
  app.decorate('downloads', downloads);
  app.decorate('checkout', checkout);
  // Deleting a product closes its open checkouts and keeps it (archived) when it has sales.
  await app.register(catalogRoutes, { catalog, removeProduct: checkout.removeProduct, lane });
  await app.register(ordersRoutes, { orders, downloads, checkout });
  await app.register(checkoutRoutes, { checkout });
  await app.register(downloadsRoutes, { downloads, config });
  await app.register(salesRoutes, {
    sales: createSalesService({
      repo: salesRepo,
      orders,
      catalog,
      timeZone: config.timeZone,
      clock,
    }),
  });
  if (payments.name === 'test') {
    const testCheckout = createTestCheckoutService({
      sessions: testCheckoutSessions,
      orders,
      clock,
      log: app.log,
    });
    await app.register(testCheckoutRoutes, { testCheckout, config });
  }
  if (isStripeProvider(payments)) {
    await app.register(stripeWebhookRoutes, { orders, stripe: payments });
  }

  // Checkouts that ended without news from the provider are settled at start-up (after a
  // crash) and every minute: the provider is asked, paid ones are fulfilled, expired ones
  // (test checkout sessions past their 30 minutes included) canceled.
  let reconciling: Promise<void> | undefined;
  const reconcile = () => {
    reconciling ??= runJob('reconcile', () =>
      checkout.reconcilePendingOrders().then(() => undefined),
    ).finally(() => {
      reconciling = undefined;
    });
  };
  app.addHook('onReady', async () => reconcile());
  const reconcileTimer = setInterval(reconcile, MINUTE);
  reconcileTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(reconcileTimer);
    await reconciling;
  });

  const publicUrl = config.publicUrl.replace(/\/$/, '');
  const { pageRenderer } = options;
  const storefront = createStorefrontService({
    catalog,
    store: { storeName: config.storeName, publicUrl },
    renderer: pageRenderer ? async () => pageRenderer : loadPageRenderer(config),
  });
  await app.register(storefrontRoutes, {
    sitemap: createSitemap({ catalog, publicUrl, urlsPerFile: options.sitemapUrlsPerFile }),
    publicUrl,
  });
  await registerWebApp(app, config, storefront);

  const purge = setInterval(() => void runJob('sessionPurge', () => auth.purgeExpired()), HOUR);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  return app;
}

const JOB_NAMES: Record<ExclusiveJob, string> = {
  reconcile: 'checkout reconciliation',
  uploadSweep: 'upload sweep',
  sessionPurge: 'session purge',
  storeSetup: 'store set-up',
};

/**
 * Runs a background job on one instance at a time (db/job-lock.ts). A failure is logged, never
 * thrown: the job runs again at its next turn. A store whose database is not reachable yet
 * skips its turn.
 */
function exclusiveJobRunner(app: FastifyInstance, database: DatabaseHandle) {
  const lock = createJobLock(database);
  return async (job: ExclusiveJob, run: () => Promise<void>): Promise<void> => {
    try {
      const ran = await lock.ifFree(job, run);
      if (!ran) app.log.debug(`${JOB_NAMES[job]} skipped: another instance is running it`);
    } catch (error) {
      app.log.warn({ err: error }, `${JOB_NAMES[job]} failed`);
    }
  };
}

/** How often an instance asks the database whether the catalogue changed elsewhere. */
const CATALOGUE_CHECK_MS = 250;

/**
 * Keeps the catalogue's kept answers in step with the database: other instances on the same
 * PostgreSQL write products too (decision 011). A failing check is reported once, not four times
 * a second, and again when it recovers.
 */
function watchCatalogue(app: FastifyInstance, catalog: CatalogService) {
  let failing = false;
  let checking = false;
  const check = () => {
    if (checking || !app.isDatabaseReady()) return;
    checking = true;
    catalog
      .checkForChanges()
      .then(() => {
        if (failing) app.log.info('catalogue change checks work again');
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) app.log.warn({ err: error }, 'catalogue change check failed');
        failing = true;
      })
      .finally(() => (checking = false));
  };
  const timer = setInterval(check, CATALOGUE_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Migrates the database before the app serves it. A PostgreSQL that cannot be reached at start
 * does not stop the store: every API call but the health check answers 503 while migrations
 * are retried in the background, and the store serves normally from the moment they succeed.
 */
async function migrateWhenReachable(app: FastifyInstance, database: DatabaseHandle) {
  let ready = false;
  let announce: () => void = () => {};
  const whenReady = new Promise<void>((resolve) => (announce = resolve));
  const attempt = async () => {
    await migrate(database);
    ready = true;
    announce();
  };
  try {
    await attempt();
    return { whenReady: () => whenReady, isReady: () => ready };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) {
      await app.close();
      throw error;
    }
    app.log.error({ err: error }, 'the database is unreachable: answering 503 until it is back');
  }
  let retrying = false;
  const retry = setInterval(() => {
    if (retrying) return;
    retrying = true;
    attempt()
      .then(() => {
        clearInterval(retry);
        app.log.info('the database is reachable again: serving');
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) app.log.error({ err: error }, 'migration failed');
      })
      .finally(() => (retrying = false));
  }, DATABASE_RETRY_MS);
  retry.unref();
  app.addHook('onClose', async () => clearInterval(retry));
  app.addHook('onRequest', async (request, reply) => {
    if (ready || !request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_MS / 1000))
      .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: ErrorCode.unavailable });
  });
  return { whenReady: () => whenReady, isReady: () => ready };
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
    checkout: CheckoutService;
  }
}
