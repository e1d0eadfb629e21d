import type { FileChanges } from '@bindery/shared';
import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import type { MailService } from '../mail/index.js';
import type { OrdersService } from '../orders/index.js';
import type { ProductUpdateRow, ProductUpdatesRepo } from './product-updates.repo.js';
import { productUpdateMail } from './update-mail.js';

/** Buyers emailed per step: one transaction queues this many emails at most. */
export const MAIL_BATCH = 100;

export interface MailingDeps {
  repo: ProductUpdatesRepo;
  orders: Pick<OrdersService, 'listPaidBuyerIds'>;
  users: Pick<AuthService, 'getUserSummaries'>;
  catalog: Pick<CatalogService, 'getProductSummaries'>;
  mail: Pick<MailService, 'enqueue'>;
  store: () => { storeName: string; storeUrl: string };
  clock: () => number;
  batchSize?: number;
}

/**
 * One step of the oldest update still being mailed: the next batch of its buyers after the
 * cursor, each queued one email in the outbox, recorded as mailed, and the cursor moved, all in
 * one transaction. A step that dies before committing leaves nothing; a step run again (or
 * twice at once) skips the buyers recorded, so nobody is mailed twice for one update.
 * Resolves false when no update is waiting.
 */
export async function mailNextBatch(deps: MailingDeps): Promise<boolean> {
  const { repo, orders, users, catalog, mail, clock } = deps;
  const limit = deps.batchSize ?? MAIL_BATCH;
  const update = await repo.findSending();
  if (!update) return false;
  // Buyers who paid after the update got its files with their order: no email for them.
  const ids = await orders.listPaidBuyerIds(update.productId, {
    after: update.mailCursor,
    paidBefore: update.createdAt,
    limit,
  });
  const [people, products] = await Promise.all([
    users.getUserSummaries(ids),
    catalog.getProductSummaries([update.productId]),
  ]);
  const product = products.get(update.productId);
  await repo.transaction(async (tx, trx) => {
    const current = await tx.lockUpdate(update.id);
    // Another step moved on meanwhile: its work stands, this one does nothing.
    if (current?.mailState !== 'sending' || current.mailCursor !== update.mailCursor) return;
    const mailed = await tx.alreadyMailed(update.id, ids);
    const fresh = ids.filter((id) => !mailed.has(id) && people.has(id));
    if (product) {
      for (const id of fresh) {
        const person = people.get(id)!;
        await mail.enqueue(mailFor(deps, update, product.title, person), trx);
      }
    }
    await tx.recordRecipients(update.id, product ? fresh : [], clock());
    const done = ids.length < limit || !product;
    await tx.advance(update.id, ids.at(-1) ?? update.mailCursor, product ? fresh.length : 0, done);
  });
  return true;
}

function mailFor(
  deps: MailingDeps,
  update: ProductUpdateRow,
  productTitle: string,
  person: { name: string; email: string },
) {
  const { storeName, storeUrl } = deps.store();
  return productUpdateMail({
    storeName,
    storeUrl,
    to: person.email,
    buyerName: person.name,
    productTitle,
    message: update.message ?? '',
    changes: JSON.parse(update.changes) as FileChanges,
  });
}
