import type { Db } from '../../db/client.js';
import type { PdfStampsTable } from '../../db/types.js';

export type StampRow = PdfStampsTable;

/** Numbers come back from PostgreSQL's BIGINT columns as strings. */
const toRow = (row: StampRow): StampRow => ({
  ...row,
  claimedAt: Number(row.claimedAt),
  size: row.size === null ? null : Number(row.size),
});

/** The stamped copies: one row per order and source upload (migration 030). */
export function createStampingRepo(db: Db) {
  return {
    async find(orderId: string, uploadId: string): Promise<StampRow | undefined> {
      const row = await db
        .selectFrom('pdfStamps')
        .selectAll()
        .where('orderId', '=', orderId)
        .where('uploadId', '=', uploadId)
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** Why this upload could not be stamped for some order, if it could not: it will not be for any. */
    async findProblem(uploadId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('pdfStamps')
        .select('problem')
        .where('uploadId', '=', uploadId)
        .where('state', '=', 'failed')
        .limit(1)
        .executeTakeFirst();
      return row?.problem ?? undefined;
    },

    /**
     * Takes the job of stamping this copy: true for the one caller that inserted the row, or that
     * took over a claim made before `staleBefore` (its instance died or gave up).
     */
    async claim(orderId: string, uploadId: string, now: number, staleBefore: number) {
      const inserted = await db
        .insertInto('pdfStamps')
        .values({
          orderId,
          uploadId,
          state: 'stamping',
          claimedAt: now,
          storageKey: null,
          size: null,
          sha256: null,
          problem: null,
        })
        .onConflict((oc) => oc.columns(['orderId', 'uploadId']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
      const taken = await db
        .updateTable('pdfStamps')
        .set({ claimedAt: now })
        .where('orderId', '=', orderId)
        .where('uploadId', '=', uploadId)
        .where('state', '=', 'stamping')
        .where('claimedAt', '<', staleBefore)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) > 0;
    },

    async finish(
      orderId: string,
      uploadId: string,
      outcome:
        | { state: 'ready'; storageKey: string; size: number; sha256: string }
        | { state: 'failed'; problem: string },
    ): Promise<void> {
      await db
        .updateTable('pdfStamps')
        .set({ storageKey: null, size: null, sha256: null, problem: null, ...outcome })
        .where('orderId', '=', orderId)
        .where('uploadId', '=', uploadId)
        .execute();
    },

    /** Gives a claim back (the stamp could not be stored): the next download tries again. */
    async release(orderId: string, uploadId: string): Promise<void> {
      await db
        .deleteFrom('pdfStamps')
        .where('orderId', '=', orderId)
        .where('uploadId', '=', uploadId)
        .where('state', '=', 'stamping')
        .execute();
    },
  };
}

export type StampingRepo = ReturnType<typeof createStampingRepo>;
