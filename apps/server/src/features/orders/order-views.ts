import type { AdminOrder, MyPurchase, Purchase } from '@bindery/shared';
import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
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
  productUpdates?: PurchaseUpdates;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** Orders as the API shows them to buyers and to the owner, a page at a time. */
export function createOrderViews({
  repo,
  catalog,
  users,
  downloadLimit,
  clock,
  productUpdates = NO_PURCHASE_UPDATES,
}: OrderViewsOptions) {
  /** The limit that applies to an order of a product with this limit of its own; null unlimited. */
  const effectiveLimit = (productLimit: number | null | undefined): number | null => {
    const limit = productLimit ?? downloadLimit;
    return limit === 0 ? null : limit;
  };

  /** Orders as the API shows them; product data comes from the catalogue (null once deleted). */
  async function toPurchases(rows: OrderRow[]): Promise<Purchase[]> {
    const productIds = rows.map((row) => row.productId);
    const [products, limits] = await Promise.all([
      catalog.getProductSummaries(productIds),
      catalog.getDownloadLimits(productIds),
    ]);
    return rows.map((row) => ({
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
    }));
  }

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
      const [purchases, customers] = await Promise.all([
        toPurchases(rows),
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
