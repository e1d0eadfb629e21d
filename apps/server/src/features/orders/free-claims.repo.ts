import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';

/** Products buyers took for nothing (migration 025); `db` is the free order's transaction. */
export function freeClaimQueries(db: Db, dialect: Dialect) {
  return {
    /**
     * Makes the buyer's free orders take turns until the transaction ends: on PostgreSQL a
     * transaction lock on the buyer; SQLite runs one writer at a time already.
     */
    async lockBuyer(userId: string): Promise<void> {
      if (dialect === 'postgres') {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`free:${userId}`}, 0))`.execute(
          db,
        );
      }
    },

    /** Records the claim; false when the buyer had taken this product for free before. */
    async claimFree(claim: {
      userId: string;
      productId: string;
      orderId: string;
      createdAt: number;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('freeClaims')
        .values(claim)
        .onConflict((oc) => oc.columns(['userId', 'productId']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async countFreeClaimsSince(userId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('freeClaims')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('userId', '=', userId)
        .where('createdAt', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
