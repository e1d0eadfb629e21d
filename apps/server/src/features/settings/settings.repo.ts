import type { Db } from '../../db/client.js';
import type { StoreSettingsTable } from '../../db/types.js';

export type SettingsRow = StoreSettingsTable;

/** The one row of the owner's settings, for both databases. */
export function createSettingsRepo(db: Db) {
  return {
    read(): Promise<SettingsRow | undefined> {
      return db.selectFrom('storeSettings').selectAll().where('id', '=', 1).executeTakeFirst();
    },

    /** The version alone: what every instance asks four times a second. */
    async readVersion(): Promise<number | undefined> {
      const row = await db
        .selectFrom('storeSettings')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row ? Number(row.version) : undefined;
    },

    /** Writes the first settings unless a row is there already (another instance won). */
    async insertIfMissing(settings: string, now: number): Promise<void> {
      await db
        .insertInto('storeSettings')
        .values({ id: 1, version: 1, settings, updatedAt: now })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    },

    /** Saves the settings and raises the version, in one statement; the row as saved. */
    write(settings: string, now: number): Promise<SettingsRow> {
      return db
        .insertInto('storeSettings')
        .values({ id: 1, version: 1, settings, updatedAt: now })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            version: eb('storeSettings.version', '+', 1),
            settings: eb.ref('excluded.settings'),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
