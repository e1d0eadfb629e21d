import { createPaymentProvider } from '../adapters/payments/index.js';
import { isStripeProvider } from '../adapters/payments/stripe.js';
import { isTestCheckoutProvider } from '../adapters/payments/test-checkout.js';
import type { AuthService } from '../features/auth/index.js';
import { catalogRoutes, type CatalogService } from '../features/catalog/index.js';
import { checkoutRoutes } from '../features/checkout/checkout.routes.js';
import { createCheckoutService } from '../features/checkout/checkout.service.js';
import { createDownloadsRepo } from '../features/downloads/downloads.repo.js';
import { downloadsRoutes } from '../features/downloads/downloads.routes.js';
import { createDownloadsService } from '../features/downloads/downloads.service.js';
import type { MailService } from '../features/mail/index.js';
import { createOrderNotices } from '../features/orders/order-notices.js';
import { createOrdersRepo } from '../features/orders/orders.repo.js';
import { ordersRoutes } from '../features/orders/orders.routes.js';
import { createOrdersService } from '../features/orders/orders.service.js';
import { salesRoutes } from '../features/sales/sales.routes.js';
import { createSalesService } from '../features/sales/sales.service.js';
import { testCheckoutRoutes } from '../features/test-checkout/test-checkout.routes.js';
import { createTestCheckoutService } from '../features/test-checkout/test-checkout.service.js';
import type { UploadsService } from '../features/uploads/index.js';
import { stripeWebhookRoutes } from '../features/webhooks/stripe-webhook.routes.js';
import type { AppContext } from './app-context.js';
import { scheduleReconciliation } from './jobs.js';

interface MoneyPathNeeds {
  mail: MailService;
  auth: AuthService;
  uploads: UploadsService;
  catalog: CatalogService;
}

/**
 * Orders, checkout and downloads: the money path. The price always comes from the catalogue;
 * every confirmation of a payment (webhook, success page, test checkout, reconciliation) ends in
 * fulfilment's applyPaymentOutcome.
 */
export async function wireMoneyPath(
  { app, config, options, database, runJob, lane }: AppContext,
  { mail, auth, uploads, catalog }: MoneyPathNeeds,
) {
  const clock = options.clock ?? Date.now;
  const payments = createPaymentProvider({ config, db: database.db, clock });
  const orders = createOrdersService({
    repo: createOrdersRepo(database.db, database.dialect),
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
    sales: createSalesService({ orders, catalog, timeZone: config.timeZone, clock }),
  });
  if (isTestCheckoutProvider(payments)) {
    const testCheckout = createTestCheckoutService({
      checkout: payments,
      orders,
      clock,
      log: app.log,
    });
    await app.register(testCheckoutRoutes, { testCheckout, config });
  }
  if (isStripeProvider(payments)) {
    await app.register(stripeWebhookRoutes, { orders, stripe: payments });
  }
  scheduleReconciliation(app, runJob, checkout);
}
