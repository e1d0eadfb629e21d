import type { Db, Dialect } from '../../db/client.js';
import type { DiscountsTable } from '../../db/types.js';

export type DiscountRow = DiscountsTable;

/** The discounts and their redemptions; `db` may be a transaction. */
export function discountQueries(db: Db, dialect: Dialect) {
  return {
    /** Every discount (or the one with `id`), newest first, with its paid redemptions. */
    async listDiscounts(limit: number, id?: string) {
      const query = db
        .selectFrom('discounts')
        .selectAll('discounts')
        .select((eb) =>
          eb
            .selectFrom('discountRedemptions')
            .select((count) => count.fn.countAll<number | string>().as('n'))
            .whereRef('discountRedemptions.discountId', '=', 'discounts.id')
            .where('discountRedemptions.state', '=', 'redeemed')
            .as('redemptions'),
        )
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      return (id === undefined ? query : query.where('discounts.id', '=', id)).execute();
    },

    countDiscounts: async () =>
      Number(
        (
          await db
            .selectFrom('discounts')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /**
     * The discount, its row locked until the transaction ends on PostgreSQL: two checkouts
     * counting its redemptions take turns (SQLite runs one writer at a time already).
     */
    lockDiscount(id: string) {
      const query = db.selectFrom('discounts').selectAll().where('id', '=', id);
      return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    /**
     * The discount with this code (any case). On PostgreSQL `lock` holds its row until the
     * transaction ends, so two checkouts counting its redemptions take turns; SQLite runs one
     * writer at a time already.
     */
    findByCode(code: string, options: { lock?: boolean } = {}) {
      const query = db
        .selectFrom('discounts')
        .selectAll()
        .where('codeKey', '=', code.toLowerCase());
      return (
        options.lock && dialect === 'postgres' ? query.forUpdate() : query
      ).executeTakeFirst();
    },

    insertDiscount: (row: DiscountRow) => db.insertInto('discounts').values(row).execute(),

    async updateDiscount(id: string, changes: Omit<DiscountRow, 'id' | 'createdAt'>) {
      const result = await db
        .updateTable('discounts')
        .set(changes)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes the discount; orders keep the code they used, open checkouts their price. */
    async deleteDiscount(id: string) {
      await db.deleteFrom('discountRedemptions').where('discountId', '=', id).execute();
      const result = await db.deleteFrom('discounts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Redemptions held by open checkouts and redeemed by paid orders. */
    async countTaken(discountId: string) {
      const row = await db
        .selectFrom('discountRedemptions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('discountId', '=', discountId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    hold: (discountId: string, orderId: string, now: number) =>
      db
        .insertInto('discountRedemptions')
        .values({ orderId, discountId, state: 'held', createdAt: now })
        .onConflict((oc) => oc.column('orderId').doNothing())
        .execute(),

    redeem: (orderId: string) =>
      db
        .updateTable('discountRedemptions')
        .set({ state: 'redeemed' })
        .where('orderId', '=', orderId)
        .execute(),

    release: (orderId: string) =>
      db.deleteFrom('discountRedemptions').where('orderId', '=', orderId).execute(),
  };
}

export type DiscountQueries = ReturnType<typeof discountQueries>;

/** The discounts' queries, plus `transaction()` and `within()` another feature's transaction. */
export function createDiscountsRepo(db: Db, dialect: Dialect) {
  return {
    ...discountQueries(db, dialect),
    transaction: <T>(work: (tx: DiscountQueries) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => work(discountQueries(trx, dialect))),
    within: (trx: Db) => discountQueries(trx, dialect),
  };
}

export type DiscountsRepo = ReturnType<typeof createDiscountsRepo>;
