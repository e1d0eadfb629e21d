import type { Db } from '../../db/client.js';
import type { TestCheckoutRefundsTable, TestCheckoutSessionsTable } from '../../db/types.js';

export type TestCheckoutSession = TestCheckoutSessionsTable;

/** What paying a taxed session charged and who paid: recorded as it completes. */
export type SessionPayment = Pick<
  TestCheckoutSession,
  'amountSubtotal' | 'amountTax' | 'amountTotal' | 'buyerName' | 'buyerCountry' | 'buyerTaxId'
>;

/**
 * The test checkout's own tables, `test_checkout_sessions` and `test_checkout_refunds`: what a
 * real provider keeps on its side.
 */
export function createTestCheckoutRepo(db: Db) {
  return {
    findSession(sessionId: string): Promise<TestCheckoutSession | undefined> {
      return db
        .selectFrom('testCheckoutSessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirst();
    },

    findSessionByKey(idempotencyKey: string): Promise<TestCheckoutSession | undefined> {
      return db
        .selectFrom('testCheckoutSessions')
        .selectAll()
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async insertSession(row: TestCheckoutSession): Promise<void> {
      await db.insertInto('testCheckoutSessions').values(row).execute();
    },

    /** open → expired; true when this call did it. */
    async closeSession(sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable('testCheckoutSessions')
        .set({ status: 'expired' })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * open → complete and paid while the session has not ended at `now`, with what a taxed
     * session charged and who paid, in one statement; true when this call did it.
     */
    async completeSession(
      sessionId: string,
      now: number,
      paid: SessionPayment | null,
    ): Promise<boolean> {
      const result = await db
        .updateTable('testCheckoutSessions')
        .set({ status: 'complete', paymentStatus: 'paid', ...paid })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The paid session of an order, if any. */
    findPaidSessionOfOrder(orderId: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('testCheckoutSessions')
        .select('id')
        .where('orderId', '=', orderId)
        .where('paymentStatus', '=', 'paid')
        .executeTakeFirst();
    },

    findRefundIdByKey(idempotencyKey: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('testCheckoutRefunds')
        .select('id')
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /** Two inserts with one key at once make one refund: the second yields. */
    async insertRefund(row: TestCheckoutRefundsTable): Promise<void> {
      await db
        .insertInto('testCheckoutRefunds')
        .values(row)
        .onConflict((oc) => oc.column('idempotencyKey').doNothing())
        .execute();
    },
  };
}

export type TestCheckoutRepo = ReturnType<typeof createTestCheckoutRepo>;
