import type { Db } from '../../db/client.js';
import type { UnmatchedPaymentsTable } from '../../db/types.js';

export type UnmatchedPaymentRow = UnmatchedPaymentsTable;

/** Payments that arrived for orders the store does not have; `db` may be a transaction. */
export function unmatchedPaymentQueries(db: Db) {
  return {
    /** Keeps a payment for an unknown order once per id; false when it was kept before. */
    async recordUnmatchedPayment(row: UnmatchedPaymentRow): Promise<boolean> {
      const inserted = await db
        .insertInto('unmatchedPayments')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    listUnmatchedPayments(limit: number): Promise<UnmatchedPaymentRow[]> {
      return db
        .selectFrom('unmatchedPayments')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
