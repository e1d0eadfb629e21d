import { createPaymentProvider } from '../adapters/payments/index.js';
import { isStripeProvider } from '../adapters/payments/stripe.js';
import type { Storage } from '../adapters/storage/storage.js';
import type { AuthService } from '../features/auth/index.js';
import { catalogRoutes, type CatalogService } from '../features/catalog/index.js';
import {
  buyLinkRoutes,
  checkoutRoutes,
  createCheckoutService,
} from '../features/checkout/index.js';
import {
  createDownloadsService,
  downloadsRoutes,
  orderFilesRoutes,
} from '../features/downloads/index.js';
import type { MailService } from '../features/mail/index.js';
import type { SettingsService } from '../features/settings/index.js';
import {
  createOrderNotices,
  createOrdersService,
  ordersRoutes,
  recordEach,
  type DocumentRecorder,
  type OrderLicenseKeys,
  type PurchaseUpdates,
} from '../features/orders/index.js';
import { createSalesLedger, createSalesService, salesRoutes } from '../features/sales/index.js';
import {
  createTestCheckoutService,
  createTestCheckoutSessions,
  testCheckoutRoutes,
} from '../features/test-checkout/index.js';
import type { UploadsService } from '../features/uploads/index.js';
import { stripeWebhookRoutes } from '../features/webhooks/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createDownloadsRepo } from '../features/downloads/downloads.repo.js';
import { createOrdersRepo } from '../features/orders/orders.repo.js';
import { createSalesRepo } from '../features/sales/sales.repo.js';
import { createTestCheckoutRepo } from '../features/test-checkout/test-checkout.repo.js';
import type { AppContext } from './app-context.js';
import { scheduleReconciliation } from './jobs.js';
import { buildDiscounts, registerDiscounts } from './wire-discounts.js';
import { buildStamping } from './wire-stamping.js';
import { invoiceNumberingFor, registerInvoices } from './wire-invoices.js';
import { licensePortsFor, registerLicenses } from './wire-licenses.js';
import { productUpdatesPorts } from './wire-product-updates.js';

interface MoneyPathNeeds {
  mail: MailService;
  auth: AuthService;
  uploads: UploadsService;
  catalog: CatalogService;
  settings: SettingsService;
  storage: Storage;
}

/** The receipt and refund notice, written with the store's settings and locale. */
function orderNoticesOf(
  config: AppContext['config'],
  { mail, auth, catalog, settings }: Pick<MoneyPathNeeds, 'mail' | 'auth' | 'catalog' | 'settings'>,
  licenseKeys?: OrderLicenseKeys,
) {
  return createOrderNotices({
    licenseKeys,
    mail,
    catalog,
    users: auth,
    store: () => {
      const { storeName, supportEmail } = settings.now();
      return { storeName, supportEmail };
    },
    storeUrl: config.publicUrl,
    timeZone: config.timeZone,
    locale: config.locale,
  });
}

/**
 * Orders, checkout and downloads: the money path. The price always comes from the catalogue;
 * every confirmation of a payment (webhook, success page, test checkout, reconciliation) ends in
 * fulfilment's applyPaymentOutcome.
 */
export async function wireMoneyPath(
  { app, config, options, database, runJob, lane }: AppContext,
  { mail, auth, uploads, catalog, settings, storage }: MoneyPathNeeds,
) {
  const clock = options.clock ?? Date.now;
  const testCheckoutSessions = createTestCheckoutSessions({
    repo: createTestCheckoutRepo(database.db),
    taxRate: config.payments.tax?.testRate ?? null,
    clock,
  });
  const payments = createPaymentProvider({ config, testCheckout: testCheckoutSessions, clock });
  const salesRepo = createSalesRepo(database.db, database.dialect);
  const discounts = buildDiscounts({ config, database }, { catalog, clock });
  const licenses = licensePortsFor(database, catalog, clock);
  const orders = buildOrders(config, database, clock, salesRepo, discounts.redemptions, {
    mail,
    auth,
    catalog,
    settings,
    licenses,
    productUpdates: productUpdatesPorts(app).purchaseUpdates,
  });
  const downloads = createDownloadsService({
    repo: createDownloadsRepo(database.db, database.dialect),
    orders,
    catalog,
    uploads,
    stamping: buildStamping({ app, database, options }, { storage, uploads, auth, catalog }),
    config,
    clock,
  });
  // Downloads still being counted when the server has drained are counted before the end.
  app.addHook('onClose', () => downloads.idle());
  const checkout = createCheckoutService({
    orders,
    catalog,
    discounts: discounts.service,
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
  await registerInvoices({ app, config, database }, { orders, auth, catalog, settings });
  await registerDiscounts(app, discounts.service);
  await registerLicenses({ app, database }, { orders, auth, clock });
  await app.register(checkoutRoutes, { checkout });
  const storeName = () => settings.now().storeName;
  await app.register(buyLinkRoutes, { checkout, orders, storeName });
  await app.register(downloadsRoutes, { downloads, storeName });
  await app.register(orderFilesRoutes, { orders, downloads });
  await app.register(salesRoutes, {
    sales: createSalesService({
      repo: salesRepo,
      orders,
      catalog,
      timeZone: config.timeZone,
      currency: config.currency,
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
    await app.register(testCheckoutRoutes, { testCheckout, storeName, locale: config.locale });
  }
  if (isStripeProvider(payments)) {
    await app.register(stripeWebhookRoutes, { orders, stripe: payments });
  }
  scheduleReconciliation(app, runJob, checkout);
}

/** The orders service, with its ports: sales totals, invoice numbers, redemptions, receipts. */
function buildOrders(
  config: AppContext['config'],
  database: AppContext['database'],
  clock: () => number,
  salesRepo: ReturnType<typeof createSalesRepo>,
  redemptions: DocumentRecorder,
  {
    mail,
    auth,
    catalog,
    settings,
    licenses,
    productUpdates,
  }: Omit<MoneyPathNeeds, 'uploads' | 'storage'> & {
    licenses: ReturnType<typeof licensePortsFor>;
    productUpdates: PurchaseUpdates;
  },
) {
  return createOrdersService({
    repo: createOrdersRepo(
      database.db,
      database.dialect,
      createSalesLedger(salesRepo),
      // Each status change numbers the invoice or credit note, and moves a code's redemption.
      recordEach(invoiceNumberingFor(settings), redemptions, licenses.issuing),
    ),
    catalog,
    users: auth,
    notices: orderNoticesOf(config, { mail, auth, catalog, settings }, licenses.keys),
    licenseKeys: licenses.keys,
    downloadLimit: config.downloads.limit,
    clock,
    productUpdates,
  });
}
