import { UploadMessages } from '@bindery/shared';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { UploadBudget } from './upload-budget.js';
import { fileKey, imagePrefix } from './upload-reads.js';
import type { UploadSignatures } from './upload-signatures.js';
import { createUploadsRepo, type UploadRow, type UploadsRepo } from './uploads.repo.js';

const SWEEP_BATCH = 100;

const unique = (ids: string[]) => [...new Set(ids)];

export interface UploadClaimsDeps {
  db: Db;
  repo: UploadsRepo;
  storage: Storage;
  signatures: UploadSignatures;
  budget: UploadBudget;
  clock: () => number;
}

/** Uploads claimed by products, and deleted with their objects when no product wants them. */
export function createUploadClaims({
  db,
  repo,
  storage,
  signatures,
  budget,
  clock,
}: UploadClaimsDeps) {
  async function removeObjects(row: UploadRow) {
    if (row.kind === 'file') await storage.delete('private', fileKey(row));
    else await storage.delete('public', imagePrefix(row.id));
  }

  return {
    /**
     * Claims uploads for a product, all or none: only uploads no product holds, or this
     * product's own, can be claimed; when one is gone or held by another product, nothing
     * changes and 409 is thrown. Pass the transaction that writes the product as `within`, so
     * the product and its claim are stored together or not at all. Claimed uploads are never swept.
     */
    async attachToProduct(uploadIds: string[], productId: string, within?: Db): Promise<void> {
      const ids = unique(uploadIds);
      if (ids.length === 0) return;
      const claim = async (trx: Db) => {
        const attached = await createUploadsRepo(trx).attachUploads(ids, productId);
        if (attached !== ids.length) throw AppError.conflict(UploadMessages.uploadUnavailable);
      };
      await (within ? claim(within) : db.transaction().execute(claim));
    },

    /**
     * Deletes uploads a product no longer uses: their rows, while the product still holds them,
     * then their files and variants. An upload is never released to be claimed by another
     * product on its way out. (Should the process stop between the two steps, the objects stay
     * on disk without a row; nothing refers to them.)
     */
    async deleteFromProduct(uploadIds: string[], productId: string): Promise<void> {
      const ids = unique(uploadIds);
      if (ids.length === 0) return;
      for (const row of await repo.deleteUploadsOfProduct(productId, ids)) await removeObjects(row);
    },

    /** Deletes every upload of a (deleted) product, as deleteFromProduct does. */
    async deleteForProduct(productId: string): Promise<void> {
      for (const row of await repo.deleteUploadsOfProduct(productId)) await removeObjects(row);
    },

    /**
     * Deletes uploads no product took within `olderThanMs` of their upload; returns how many.
     * Expired signatures and byte counts older than their hour go too.
     */
    async sweepOrphans(olderThanMs: number): Promise<number> {
      await signatures.sweepExpired();
      await budget.sweepExpired();
      const createdBefore = clock() - olderThanMs;
      let removed = 0;
      for (;;) {
        const rows = await repo.findUnattachedBefore(createdBefore, SWEEP_BATCH);
        for (const row of rows) {
          // The row goes first, and only while still unattached: a product claiming it now keeps it.
          if (await repo.deleteIfUnattached(row.id)) {
            await removeObjects(row);
            removed += 1;
          }
        }
        if (rows.length < SWEEP_BATCH) return removed;
      }
    },
  };
}
