import type { Db } from '../../db/client.js';

/** When each order was last downloaded: the first request through its newest link. */
export function lastDownloadQueries(db: Db) {
  return {
    async lastDownloadTimes(orderIds: readonly string[]): Promise<Map<string, number>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('downloads')
        .select((eb) => ['orderId', eb.fn.max<number | string>('createdAt').as('last')])
        .where('orderId', 'in', [...new Set(orderIds)])
        .groupBy('orderId')
        .execute();
      return new Map(rows.map((row) => [row.orderId, Number(row.last)]));
    },
  };
}
