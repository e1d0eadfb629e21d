import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { ReceiptRequestsTable } from '../../db/types.js';

/** The first key of the two-key advisory lock per buyer ("rcpt"); job locks use another. */
const RECEIPT_LOCK_NAMESPACE = 0x72637074;

/** The receipts buyers had sent again, for the limits on "Email me the receipt". */
export function receiptRequestQueries(db: Db, dialect: Dialect) {
  return {
    /**
     * Holds one buyer's receipt requests until the transaction ends, so two instances (or two
     * requests) check and record one after the other. SQLite runs one transaction at a time.
     */
    async lockReceiptRequests(userId: string): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`select pg_advisory_xact_lock(${RECEIPT_LOCK_NAMESPACE}, hashtext(${userId}))`.execute(
        db,
      );
    },

    /** The buyer's requests since `since`, oldest first. */
    receiptRequestsSince(userId: string, since: number): Promise<ReceiptRequestsTable[]> {
      return db
        .selectFrom('receiptRequests')
        .selectAll()
        .where('userId', '=', userId)
        .where('requestedAt', '>', since)
        .orderBy('requestedAt')
        .execute();
    },

    /** Records a request and forgets the buyer's requests older than the limits look back. */
    async recordReceiptRequest(row: ReceiptRequestsTable, forgetBefore: number): Promise<void> {
      await db.insertInto('receiptRequests').values(row).execute();
      await db
        .deleteFrom('receiptRequests')
        .where('userId', '=', row.userId)
        .where('requestedAt', '<=', forgetBefore)
        .execute();
    },
  };
}
