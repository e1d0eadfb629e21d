import type { AdminOrder, MyPurchase, Purchase } from '@bindery/shared';
import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import { NO_ORDER_KEYS, type OrderLicenseKeys } from './order-license-keys.js';
import type { ListFilter } from './order-lookups.repo.js';
import { canRefund } from './order-status.js';
import type { OrderRow, OrderSort, OrdersRepo } from './orders.repo.js';
import { NO_PURCHASE_UPDATES, type PurchaseUpdates } from './purchase-updates.js';

export interface OrderViewsOptions {
  repo: Pick<OrdersRepo, 'listOrders'>;
  catalog: Pick<CatalogService, 'getProductSummaries' | 'getDownloadLimits'>;
  users: Pick<AuthService, 'getUserSummaries'>;
  /** DOWNLOAD_LIMIT: completed downloads per order unless the product sets its own; 0 unlimited. */
  downloadLimit: number;
  clock: () => number;
  licenseKeys?: OrderLicenseKeys | undefined;
  productUpdates?: PurchaseUpdates;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** Orders as the API shows them, with their license keys (the admin's view shows more of them). */
async function purchasesOf(
  rows: OrderRow[],
  {
    catalog,
    licenseKeys,
    effectiveLimit,
  }: Pick<OrderViewsOptions, 'catalog'> & {
    licenseKeys: OrderLicenseKeys;
    effectiveLimit: (productLimit: number | null | undefined) => number | null;
  },
) {
  const productIds = rows.map((row) => row.productId);
  const [products, limits, keys] = await Promise.all([
    catalog.getProductSummaries(productIds),
    catalog.getDownloadLimits(productIds),
    licenseKeys.keysOf(rows.map((row) => row.id)),
  ]);
  const purchases = rows.map((row): Purchase => ({
    _id: row.id,
    product: products.get(row.productId) ?? null,
    amountCents: row.amountCents,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    currency: row.currency.toUpperCase(),
    buyerCountry: row.buyerCountry,
    buyerTaxId: row.buyerTaxId,
    status: row.status,
    createdAt: iso(row.createdAt),
    paidAt: row.paidAt === null ? null : iso(row.paidAt),
    dispute: row.disputeStatus,
    downloads: { used: row.downloadsUsed, limit: effectiveLimit(limits.get(row.productId)) },
    licenseKey: keys.get(row.id)?.licenseKey ?? null,
  }));
  return { purchases, keys };
}

/** Orders as the API shows them to buyers and to the owner, a page at a time. */
export function createOrderViews({
  repo,
  catalog,
  users,
  downloadLimit,
  clock,
  licenseKeys = NO_ORDER_KEYS,
  productUpdates = NO_PURCHASE_UPDATES,
}: OrderViewsOptions) {
  /** The limit that applies to an order of a product with this limit of its own; null unlimited. */
  const effectiveLimit = (productLimit: number | null | undefined): number | null => {
    const limit = productLimit ?? downloadLimit;
    return limit === 0 ? null : limit;
  };

  /** Orders as the API shows them; product data comes from the catalogue (null once deleted). */
  const purchasesWithKeys = (rows: OrderRow[]) =>
    purchasesOf(rows, { catalog, licenseKeys, effectiveLimit });
  const toPurchases = async (rows: OrderRow[]) => (await purchasesWithKeys(rows)).purchases;

  return {
    effectiveLimit,

    /**
     * The buyer's view adds the hosted checkout of a pending order while it is open; one flagged
     * for review waits for the store instead.
     */
    async toMyPurchases(rows: OrderRow[]): Promise<MyPurchase[]> {
      const now = clock();
      const [purchases, updated] = await Promise.all([toPurchases(rows), productUpdates(rows)]);
      return rows.map((row, index) => ({
        ...purchases[index]!,
        checkoutUrl:
          row.status === 'pending' &&
          row.reviewReason === null &&
          row.providerSessionUrl !== null &&
          row.providerSessionExpiresAt !== null &&
          row.providerSessionExpiresAt > now
            ? row.providerSessionUrl
            : null,
        productUpdatedAt: updated.has(row.id) ? iso(updated.get(row.id)!) : null,
      }));
    },

    async toAdminOrders(rows: OrderRow[]): Promise<AdminOrder[]> {
      const [{ purchases, keys }, customers] = await Promise.all([
        purchasesWithKeys(rows),
        users.getUserSummaries(rows.map((row) => row.userId)),
      ]);
      return rows.map((row, index) => ({
        ...purchases[index]!,
        orderNumber: Number(row.orderNumber),
        user: customers.get(row.userId) ?? null,
        reviewReason: row.reviewReason,
        canRefund: canRefund(row),
        discountCode: row.discountCode,
        discountCents: row.discountCents,
        licenseKeyUses: keys.get(row.id)?.uses ?? null,
        licenseKeyMaxUses: keys.get(row.id)?.maxUses ?? null,
        licenseKeyDisabled: keys.get(row.id)?.disabled ?? false,
      }));
    },

    async listPage(filter: ListFilter, query: PageQuery, sort?: OrderSort) {
      const { rows, total } = await repo.listOrders(
        filter,
        (query.page - 1) * query.limit,
        query.limit,
        sort,
      );
      return { rows, total, pages: Math.ceil(total / query.limit) };
    },
  };
}

export type OrderViews = ReturnType<typeof createOrderViews>;
