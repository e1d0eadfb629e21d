import { OrderMessages } from '@bindery/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrderViews } from './order-views.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

export interface DownloadAllowanceOptions {
  repo: OrdersRepo;
  views: Pick<OrderViews, 'effectiveLimit'>;
  catalog: Pick<CatalogService, 'getDownloadLimits'>;
}

/**
 * An order's downloads: its limit and each file's count (`order_file_downloads`; the order's
 * `downloads_used` is the highest). The downloads feature counts the bytes it serves and tells
 * the order here, inside its own transaction.
 */
export function createDownloadAllowance({ repo, views, catalog }: DownloadAllowanceOptions) {
  /** The order's download limit: the product's own or DOWNLOAD_LIMIT; null unlimited. */
  const downloadLimitOf = async (order: OrderRow): Promise<number | null> =>
    views.effectiveLimit((await catalog.getDownloadLimits([order.productId])).get(order.productId));

  return {
    downloadLimitOf,

    /**
     * 403 "Download limit reached for this order." once the order used up the downloads of this
     * file (each file of the order counts on its own).
     */
    async requireDownloadAllowed(order: OrderRow, fileId: string): Promise<void> {
      const limit = await downloadLimitOf(order);
      if (limit !== null && (await repo.readFileDownloadsUsed(order.id, fileId)) >= limit) {
        throw AppError.forbidden(OrderMessages.downloadLimitReached);
      }
    },

    /** One file's count of downloads of the order, read inside `within` when given. */
    readFileDownloadsUsed: (orderId: string, fileId: string, within?: Db) =>
      (within ? repo.within(within) : repo).readFileDownloadsUsed(orderId, fileId),

    /**
     * Counts downloads of one file the bytes served have made whole (decision 017), in
     * `within`; the order's `downloadsUsed` follows the highest file.
     */
    countFileDownloads: (orderId: string, fileId: string, count: number, within: Db) =>
      repo.within(within).addFileDownloads(orderId, fileId, count),
  };
}
