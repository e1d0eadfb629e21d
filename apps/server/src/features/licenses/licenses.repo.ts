import type { Db } from '../../db/client.js';
import type { LicenseKeysTable } from '../../db/types.js';

export type LicenseKeyRow = LicenseKeysTable;

/** The license keys' queries, written once for both databases; `db` may be a transaction. */
export function licenseQueries(db: Db) {
  return {
    /** The order's key, unless it has one already (a payment told twice issues one key). */
    async insertKey(row: LicenseKeyRow): Promise<void> {
      await db
        .insertInto('licenseKeys')
        .values(row)
        .onConflict((conflict) => conflict.column('orderId').doNothing())
        .execute();
    },

    findByKey: (licenseKey: string) =>
      db
        .selectFrom('licenseKeys')
        .selectAll()
        .where('licenseKey', '=', licenseKey)
        .executeTakeFirst(),

    findByOrder: (orderId: string) =>
      db.selectFrom('licenseKeys').selectAll().where('orderId', '=', orderId).executeTakeFirst(),

    async findByOrders(orderIds: string[]): Promise<LicenseKeyRow[]> {
      if (orderIds.length === 0) return [];
      return db.selectFrom('licenseKeys').selectAll().where('orderId', 'in', orderIds).execute();
    },

    /**
     * One more activation, in one statement: the row's lock (PostgreSQL) or the one writer
     * (SQLite) makes racing checks count one after the other, so no more than `maxUses` ever
     * pass. Undefined when the key is disabled or its limit reached.
     */
    async addUse(licenseKey: string): Promise<number | undefined> {
      const row = await db
        .updateTable('licenseKeys')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('licenseKey', '=', licenseKey)
        .where('disabledAt', 'is', null)
        .where((eb) => eb.or([eb('maxUses', 'is', null), eb('uses', '<', eb.ref('maxUses'))]))
        .returning('uses')
        .executeTakeFirst();
      return row?.uses;
    },

    async setDisabledAt(
      orderId: string,
      disabledAt: number | null,
    ): Promise<LicenseKeyRow | undefined> {
      return db
        .updateTable('licenseKeys')
        .set({ disabledAt })
        .where('orderId', '=', orderId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type LicenseQueries = ReturnType<typeof licenseQueries>;
