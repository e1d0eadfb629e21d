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
 * An order's downloads: its limit and its count (`orders.downloads_used`). The downloads
 * feature counts the bytes it serves and tells the order here, inside its own transaction.
 */
export function createDownloadAllowance({ repo, views, catalog }: DownloadAllowanceOptions) {
  /** The order's download limit: the product's own or DOWNLOAD_LIMIT; null unlimited. */
  const downloadLimitOf = async (order: OrderRow): Promise<number | null> =>
    views.effectiveLimit((await catalog.getDownloadLimits([order.productId])).get(order.productId));

  return {
    downloadLimitOf,

    /** 403 "Download limit reached for this order." once the order used up its downloads. */
    async requireDownloadAllowed(order: OrderRow): Promise<void> {
      const limit = await downloadLimitOf(order);
      if (limit !== null && order.downloadsUsed >= limit) {
        throw AppError.forbidden(OrderMessages.downloadLimitReached);
      }
    },

    /** The order's count of downloads, read inside the downloads feature's transaction. */
    readDownloadsUsed: (orderId: string, within: Db) =>
      repo.within(within).readDownloadsUsed(orderId),

    /** Counts downloads the bytes served have made whole (decision 017), in `within`. */
    countDownloads: (orderId: string, count: number, within: Db) =>
      repo.within(within).addDownloadsUsed(orderId, count),
  };
}
