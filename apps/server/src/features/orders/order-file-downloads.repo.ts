import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

/**
 * Completed downloads per file of an order (issue 28): each file has its own count against
 * the limit, and `orders.downloads_used` is kept at the highest of them.
 */
export function orderFileDownloadQueries(db: Db) {
  return {
    /** One file's count of downloads, read in the caller's transaction. */
    async readFileDownloadsUsed(orderId: string, fileId: string): Promise<number> {
      const row = await db
        .selectFrom('orderFileDownloads')
        .select('downloadsUsed')
        .where('orderId', '=', orderId)
        .where('fileId', '=', fileId)
        .executeTakeFirst();
      return row?.downloadsUsed ?? 0;
    },

    /** Each file's count of downloads of the order, by file id. */
    async readFileDownloads(orderId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('orderFileDownloads')
        .select(['fileId', 'downloadsUsed'])
        .where('orderId', '=', orderId)
        .execute();
      return new Map(rows.map((row) => [row.fileId, row.downloadsUsed]));
    },

    /** Adds to one file's count, and raises the order's to it when it is now the highest. */
    async addFileDownloads(orderId: string, fileId: string, count: number): Promise<void> {
      await db
        .insertInto('orderFileDownloads')
        .values({ orderId, fileId, downloadsUsed: count })
        .onConflict((oc) =>
          oc.columns(['orderId', 'fileId']).doUpdateSet((eb) => ({
            downloadsUsed: eb('orderFileDownloads.downloadsUsed', '+', count),
          })),
        )
        .execute();
      const used = sql<number>`(select downloads_used from order_file_downloads
        where order_id = ${orderId} and file_id = ${fileId})`;
      await db
        .updateTable('orders')
        .set({ downloadsUsed: used })
        .where('id', '=', orderId)
        .where('downloadsUsed', '<', used)
        .execute();
    },

    /** Gives every file of the order its downloads back (the owner's reset). */
    async clearFileDownloads(orderId: string): Promise<void> {
      await db.deleteFrom('orderFileDownloads').where('orderId', '=', orderId).execute();
    },
  };
}
