import { randomBytes } from 'node:crypto';
import { ProductUpdateMessages } from '@bindery/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { DownloadsService } from '../downloads/index.js';
import type { FilesSaved } from '../catalog/index.js';
import type { OrdersService, PurchaseUpdates } from '../orders/index.js';
import { fileChanges, hasChanges } from './file-changes.js';
import type { ProductUpdatesRepo } from './product-updates.repo.js';
import { mailNextBatch, type MailingDeps } from './update-mailing.js';

export interface ProductUpdatesOptions extends MailingDeps {
  repo: ProductUpdatesRepo;
  orders: Pick<OrdersService, 'listPaidBuyerIds' | 'countPaidBuyers'>;
  downloads: Pick<DownloadsService, 'lastDownloadTimes'>;
  /** Told when an update with emails committed: the mailing job should run soon. */
  mailingQueued?: () => void;
}

/**
 * Product updates: a save that changes the product's files is recorded (with the owner's note
 * to buyers, if any) in the save's own transaction; the emails are queued afterwards by a job,
 * a batch at a time; My Orders marks orders whose product changed since they were downloaded.
 */
export function createProductUpdatesService(options: ProductUpdatesOptions) {
  const { repo, orders, downloads, clock, mailingQueued = () => {} } = options;

  /** Whether the product changed after the order was paid and last downloaded. */
  const purchaseUpdates: PurchaseUpdates = async (rows) => {
    const paid = rows.filter((row) => row.paidAt !== null);
    const [latest, lastDownloads] = await Promise.all([
      repo.latestUpdates(paid.map((row) => row.productId)),
      downloads.lastDownloadTimes(paid.map((row) => row.id)),
    ]);
    const latestOf = new Map(latest.map((update) => [update.productId, update.at]));
    const marked = new Map<string, number>();
    for (const row of paid) {
      const at = latestOf.get(row.productId);
      const seen = Math.max(row.paidAt!, lastDownloads.get(row.id) ?? 0);
      if (at !== undefined && at > seen) marked.set(row.id, at);
    }
    return marked;
  };

  return {
    /**
     * The catalogue's hook, inside the product save's transaction: records an update when the
     * files changed; 400 when buyers are to be emailed about a save that changes no file.
     */
    async recordFileChange(saved: FilesSaved, trx: Db): Promise<void> {
      const changes = fileChanges(saved.before, saved.after);
      if (!hasChanges(changes)) {
        if (saved.notifyBuyers) {
          const message = ProductUpdateMessages.noFileChange;
          throw AppError.badRequest(message, { notifyBuyers: [message] });
        }
        return;
      }
      await repo.within(trx).insertUpdate({
        id: randomBytes(12).toString('base64url'),
        productId: saved.productId,
        createdAt: saved.at,
        changes,
        message: saved.notifyBuyers?.message ?? null,
        mailState: saved.notifyBuyers ? 'sending' : 'none',
        mailCursor: null,
        mailedCount: 0,
      });
      if (saved.notifyBuyers) mailingQueued();
    },

    /** Buyers an update email would reach now (one per address, paid orders only). */
    countBuyers: async (productId: string) => ({
      buyers: await orders.countPaidBuyers(productId, clock()),
    }),

    purchaseUpdates,

    /** One batch of the oldest update being mailed; false when none is waiting. */
    mailNextBatch: () => mailNextBatch(options),

    /** Queues every waiting update's emails, a batch per transaction, yielding between them. */
    async mailAllWaiting(): Promise<void> {
      while (await mailNextBatch(options)) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export type ProductUpdatesService = ReturnType<typeof createProductUpdatesService>;
