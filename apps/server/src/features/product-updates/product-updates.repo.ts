import type { FileChanges } from '@bindery/shared';
import type { Db, Dialect } from '../../db/client.js';
import type { ProductUpdatesTable } from '../../db/product-update-tables.js';

export type ProductUpdateRow = ProductUpdatesTable;

/** The queries of product updates, for both databases; `db` may be a transaction. */
export function createProductUpdatesRepo(db: Db, dialect: Dialect) {
  return {
    ...updateQueries(db, dialect),
    /** Runs `work` in one transaction; `trx` is for the outbox to join (the emails queued). */
    transaction<T>(work: (tx: UpdateQueries, trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(updateQueries(trx, dialect), trx));
    },
    within: (trx: Db): UpdateQueries => updateQueries(trx, dialect),
  };
}

function updateQueries(db: Db, dialect: Dialect) {
  return {
    async insertUpdate(row: Omit<ProductUpdateRow, 'changes'> & { changes: FileChanges }) {
      await db
        .insertInto('productUpdates')
        .values({ ...row, changes: JSON.stringify(row.changes) })
        .execute();
    },

    /** The oldest update whose emails are still being queued. */
    findSending(): Promise<ProductUpdateRow | undefined> {
      return db
        .selectFrom('productUpdates')
        .selectAll()
        .where('mailState', '=', 'sending')
        .orderBy('createdAt')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * The update, locked until the transaction ends on PostgreSQL: a batch run by two workers at
     * once (the job lock should prevent it) runs one after the other and the second sees the
     * first's cursor.
     */
    lockUpdate(id: string): Promise<ProductUpdateRow | undefined> {
      let query = db.selectFrom('productUpdates').selectAll().where('id', '=', id);
      if (dialect === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** Of these buyers, the ones already emailed about the update. */
    async alreadyMailed(updateId: string, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('productUpdateRecipients')
        .select('userId')
        .where('updateId', '=', updateId)
        .where('userId', 'in', userIds)
        .execute();
      return new Set(rows.map((row) => row.userId));
    },

    async recordRecipients(updateId: string, userIds: string[], now: number): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insertInto('productUpdateRecipients')
        .values(userIds.map((userId) => ({ updateId, userId, mailedAt: now })))
        .execute();
    },

    /** Moves the cursor past a batch; `done` when no buyer is left. */
    async advance(id: string, cursor: string | null, mailed: number, done: boolean) {
      await db
        .updateTable('productUpdates')
        .set((eb) => ({
          mailCursor: cursor,
          mailedCount: eb('mailedCount', '+', mailed),
          mailState: done ? 'done' : 'sending',
        }))
        .where('id', '=', id)
        .execute();
    },

    /** The latest update of each product, by product. */
    async latestUpdates(productIds: string[]): Promise<Array<{ productId: string; at: number }>> {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('productUpdates')
        .select((eb) => ['productId', eb.fn.max<number | string>('createdAt').as('at')])
        .where('productId', 'in', [...new Set(productIds)])
        .groupBy('productId')
        .execute();
      return rows.map((row) => ({ productId: row.productId, at: Number(row.at) }));
    },
  };
}

export type UpdateQueries = ReturnType<typeof updateQueries>;
export type ProductUpdatesRepo = ReturnType<typeof createProductUpdatesRepo>;
