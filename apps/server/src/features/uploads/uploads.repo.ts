import type { Db } from '../../db/client.js';
import type { UploadSignaturesTable, UploadsTable, UploadUsageTable } from '../../db/types.js';

export type UploadRow = UploadsTable;
export type UploadSignatureRow = UploadSignaturesTable;
export type UploadUsageRow = UploadUsageTable;

/** The queries of uploads, their signatures and their byte counts; `db` may be a transaction. */
export function createUploadsRepo(db: Db) {
  return { ...uploadQueries(db), ...signatureQueries(db), ...usageQueries(db) };
}

/** Uploads' rows: recorded, claimed by a product, deleted. */
function uploadQueries(db: Db) {
  return {
    async insertUpload(row: UploadRow): Promise<void> {
      await db.insertInto('uploads').values(row).execute();
    },

    findUpload(id: string, kind: UploadRow['kind']): Promise<UploadRow | undefined> {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
    },

    /** Attaches the uploads that are free or already this product's; returns how many it attached. */
    async attachUploads(ids: string[], productId: string): Promise<number> {
      const result = await db
        .updateTable('uploads')
        .set({ productId })
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('productId', 'is', null), eb('productId', '=', productId)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Deletes the uploads `productId` holds (only those of `ids`, when given) and returns them;
     * an upload another product holds, or none, is left alone.
     */
    deleteUploadsOfProduct(productId: string, ids?: string[]): Promise<UploadRow[]> {
      if (ids?.length === 0) return Promise.resolve([]);
      let query = db.deleteFrom('uploads').where('productId', '=', productId);
      if (ids) query = query.where('id', 'in', ids);
      return query.returningAll().execute();
    },

    async deleteUploads(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('uploads').where('id', 'in', ids).execute();
    },

    findUnattachedBefore(createdBefore: number, limit: number): Promise<UploadRow[]> {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('productId', 'is', null)
        .where('createdAt', '<', createdBefore)
        .orderBy('createdAt')
        .limit(limit)
        .execute();
    },

    /** Deletes the row only while no product uses it; true when it did. */
    async deleteIfUnattached(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('uploads')
        .where('id', '=', id)
        .where('productId', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

/** The file host's one-use signatures. */
function signatureQueries(db: Db) {
  return {
    async insertSignature(row: UploadSignatureRow): Promise<void> {
      await db.insertInto('uploadSignatures').values(row).execute();
    },

    findSignature(signatureHash: string): Promise<UploadSignatureRow | undefined> {
      return db
        .selectFrom('uploadSignatures')
        .selectAll()
        .where('signatureHash', '=', signatureHash)
        .executeTakeFirst();
    },

    /** Spends a signature for its session; false when it was spent already (or is not that session's). */
    async useSignature(signatureHash: string, sessionHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('uploadSignatures')
        .set({ usedAt: now })
        .where('signatureHash', '=', signatureHash)
        .where('sessionHash', '=', sessionHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteSignaturesExpiredBefore(time: number): Promise<void> {
      await db.deleteFrom('uploadSignatures').where('expiresAt', '<', time).execute();
    },
  };
}

/** Bytes uploaded per address and minute, for the hourly budget. */
function usageQueries(db: Db) {
  return {
    /** Adds bytes to an address's count for one minute, from any instance. */
    async addUsage(address: string, minuteStart: number, bytes: number): Promise<void> {
      await db
        .insertInto('uploadUsage')
        .values({ address, minuteStart, bytes })
        .onConflict((conflict) =>
          conflict.columns(['address', 'minuteStart']).doUpdateSet((eb) => ({
            bytes: eb('uploadUsage.bytes', '+', eb.ref('excluded.bytes')),
          })),
        )
        .execute();
    },

    /** An address's counts for the minutes from `since` on, oldest first. */
    listUsageSince(address: string, since: number): Promise<UploadUsageRow[]> {
      return db
        .selectFrom('uploadUsage')
        .selectAll()
        .where('address', '=', address)
        .where('minuteStart', '>=', since)
        .orderBy('minuteStart')
        .execute();
    },

    async deleteUsageBefore(time: number): Promise<void> {
      await db.deleteFrom('uploadUsage').where('minuteStart', '<', time).execute();
    },
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
