import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../features/auth/index.js';
import type { CatalogService, FilesSavedHook } from '../features/catalog/index.js';
import type { MailService } from '../features/mail/index.js';
import type { PurchaseUpdates } from '../features/orders/index.js';
import {
  createProductUpdatesService,
  productUpdatesRoutes,
  type ProductUpdatesService,
} from '../features/product-updates/index.js';
import type { SettingsService } from '../features/settings/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createProductUpdatesRepo } from '../features/product-updates/product-updates.repo.js';
import type { AppContext } from './app-context.js';

/** How often an instance looks for update emails still to queue (after a crash, or another's). */
const POLL_MS = 10_000;
/** A save's transaction commits just after it records an update: the job runs this much later. */
const WAKE_DELAY_MS = 50;

/**
 * The catalogue and orders are built before product updates, which needs them: these ports
 * reach the service once it is wired (a save or a My Orders page comes after start-up).
 */
export function productUpdatesPorts(app: FastifyInstance): {
  filesSaved: FilesSavedHook;
  purchaseUpdates: PurchaseUpdates;
} {
  return {
    filesSaved: (saved, trx) => app.productUpdates.recordFileChange(saved, trx),
    purchaseUpdates: (orders) => app.productUpdates.purchaseUpdates(orders),
  };
}

/** Product updates: the service, its route, and the job that queues its emails in batches. */
export async function wireProductUpdates(
  { app, config, options, database, runJob }: AppContext,
  {
    mail,
    auth,
    catalog,
    settings,
  }: { mail: MailService; auth: AuthService; catalog: CatalogService; settings: SettingsService },
) {
  let wakeTimer: NodeJS.Timeout | undefined;
  const updates = createProductUpdatesService({
    repo: createProductUpdatesRepo(database.db, database.dialect),
    orders: app.orders,
    downloads: app.downloads,
    users: auth,
    catalog,
    mail,
    store: () => ({ storeName: settings.now().storeName, storeUrl: config.publicUrl }),
    clock: options.clock ?? Date.now,
    mailingQueued: () => {
      clearTimeout(wakeTimer);
      wakeTimer = setTimeout(() => void mailing.run(), WAKE_DELAY_MS);
      wakeTimer.unref();
    },
  });
  app.decorate('productUpdates', updates);
  await app.register(productUpdatesRoutes, { updates });
  const mailing = scheduleUpdateMailing(app, (run) => runJob('productUpdateMail', run), updates);
  app.addHook('onClose', async () => clearTimeout(wakeTimer));
}

/** One instance at a time queues the waiting updates' emails: at start, on a save, and polling. */
function scheduleUpdateMailing(
  app: FastifyInstance,
  exclusive: (run: () => Promise<void>) => Promise<void>,
  updates: ProductUpdatesService,
) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = exclusive(() => updates.mailAllWaiting()).finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void run();
      }
    });
    return running;
  };
  app.addHook('onReady', async () => void run());
  const timer = setInterval(() => void run(), POLL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return { run };
}

declare module 'fastify' {
  interface FastifyInstance {
    productUpdates: ProductUpdatesService;
  }
}
