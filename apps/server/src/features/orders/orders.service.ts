import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import { createAdminOrders } from './admin-orders.js';
import { createBuyerOrders } from './buyer-orders.js';
import { createDownloadAllowance } from './download-allowance.js';
import { findOrderById, requireOrderById } from './order-ids.js';
import { createFreeOrders } from './free-orders.js';
import { createOrderLifecycle } from './order-lifecycle.js';
import type { OrderLicenseKeys } from './order-license-keys.js';
import type { OrderNotices } from './order-notices.js';
import { createOrderReceipts } from './order-receipts.js';
import type { TimeRange } from './order-sales.js';
import { createOrderViews } from './order-views.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';
import { createPaymentMatching } from './payment-matching.js';
import { createProductBuyers } from './product-buyers.js';
import type { PurchaseUpdates } from './purchase-updates.js';

export { canRefund } from './order-status.js';

export interface OrdersServiceOptions {
  repo: OrdersRepo;
  catalog: Pick<
    CatalogService,
    'getProductSummaries' | 'getDownloadLimits' | 'findProductIdsByTitle'
  >;
  users: Pick<AuthService, 'getUserSummaries' | 'findUserIdsByEmail'>;
  /** DOWNLOAD_LIMIT: completed downloads per order unless the product sets its own; 0 unlimited. */
  downloadLimit?: number;
  /** The receipt and refund notice; without it (some tests) outcomes send no email. */
  notices?: OrderNotices;
  clock?: () => number;
  /** The orders' license keys (the licenses feature); without it no order has one. */
  licenseKeys?: OrderLicenseKeys;
  /** When a product changed after its buyer last downloaded it (product updates). */
  productUpdates?: PurchaseUpdates;
}

/**
 * The orders feature as one object for its callers, composed of its parts by job: the order's
 * lifecycle, the buyer's and the owner's views and actions, the download allowance, and
 * matching the provider's news with orders.
 */
export function createOrdersService({
  repo,
  catalog,
  users,
  notices,
  downloadLimit = 0,
  clock = Date.now,
  licenseKeys,
  productUpdates,
}: OrdersServiceOptions) {
  const views = createOrderViews({
    repo,
    catalog,
    users,
    downloadLimit,
    clock,
    licenseKeys,
    productUpdates,
  });
  const lifecycle = createOrderLifecycle({ repo, notices, clock });
  return {
    ...lifecycle,
    ...createFreeOrders({ repo, applyOutcome: lifecycle.applyOutcome, clock }),
    ...createBuyerOrders({ repo, views }),
    ...createAdminOrders({ repo, views, notices, search: { users, catalog }, clock }),
    ...createDownloadAllowance({ repo, views, catalog }),
    ...createPaymentMatching({ repo, clock }),
    ...createOrderReceipts({ repo, notices, clock }),
    ...createProductBuyers({ repo }),
    requireOrder: (id: string) => requireOrderById(repo, id),
    findOrder: (id: string) => findOrderById(repo, id),
    /** Paid orders per product over some hours, for the sales overview's partial days. */
    /** Paid orders per product over `ranges`, in one currency (any case). */
    paidSalesByProduct: (ranges: TimeRange[], currency: string) =>
      repo.paidSalesByProduct(ranges, currency.toLowerCase()),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { OrderRow };
