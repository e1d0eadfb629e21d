import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Config } from '../../config.js';
import type { CatalogService } from '../catalog/index.js';
import type { DiscountsService } from '../discounts/index.js';
import type { DownloadsService } from '../downloads/index.js';
import type { OrdersService } from '../orders/index.js';
import { createHostedCheckout } from './hosted-checkout.js';
import { createProviderCalls, type CheckoutLog } from './provider-calls.js';
import { createReconciliation } from './reconciliation.js';
import { createRefunds } from './refunds.js';
import { createRemovals } from './removals.js';
import { createSuccessPage } from './success-page.js';

const MINUTE = 60_000;

export interface CheckoutServiceOptions {
  orders: OrdersService;
  catalog: Pick<CatalogService, 'getProductForSale' | 'archiveProduct' | 'purgeArchivedProduct'>;
  discounts: Pick<DiscountsService, 'quote' | 'holdFor'>;
  payments: PaymentProvider;
  downloads: Pick<DownloadsService, 'createLink'>;
  config: {
    payments: Pick<Config['payments'], 'checkoutSessionMinutes'> &
      Partial<Pick<Config['payments'], 'tax'>>;
    /** STORE_LOCALE: how amounts are written in refusals. */
    locale: string;
  };
  clock?: () => number;
  /** Where provider trouble is reported with the order it concerns; buyers see a plain message. */
  log?: CheckoutLog;
}

/**
 * The money path: hosted checkouts, what the provider says about them, refunds, and the
 * admin actions that must close a checkout at the provider first (deleting an order or a
 * product). Orders change only through the orders service.
 */
export function createCheckoutService({
  orders,
  catalog,
  discounts,
  payments,
  downloads,
  config,
  clock = Date.now,
  log,
}: CheckoutServiceOptions) {
  const sessionMs = config.payments.checkoutSessionMinutes * MINUTE;
  const calls = createProviderCalls({ orders, payments, log });
  return {
    ...createHostedCheckout({
      orders,
      catalog,
      discounts,
      locale: config.locale,
      payments,
      calls,
      sessionMs,
      tax: config.payments.tax ?? null,
      clock,
    }),
    ...createSuccessPage({ orders, payments, downloads, calls, log }),
    ...createRefunds({ orders, payments, calls, log }),
    ...createRemovals({ orders, catalog, calls, log }),
    ...createReconciliation({ orders, payments, calls, sessionMs, clock }),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
