import type { Db } from '../../db/client.js';

/** Who bought a product: buyers with a paid order (no open dispute), one row per buyer. */
export function productBuyerQueries(db: Db) {
  const paidOrdersOf = (productId: string, paidBefore: number) =>
    db
      .selectFrom('orders')
      .where('productId', '=', productId)
      .where('status', '=', 'paid')
      .where('paidAt', '<=', paidBefore)
      .where((eb) => eb.or([eb('disputeStatus', 'is', null), eb('disputeStatus', '!=', 'open')]));

  return {
    /** The next `limit` buyers' user ids after `after`, in id order (a batch of a mailing). */
    async listPaidBuyerIds(
      productId: string,
      { after, paidBefore, limit }: { after: string | null; paidBefore: number; limit: number },
    ): Promise<string[]> {
      let query = paidOrdersOf(productId, paidBefore).select('userId').distinct();
      if (after !== null) query = query.where('userId', '>', after);
      const rows = await query.orderBy('userId').limit(limit).execute();
      return rows.map((row) => row.userId);
    },

    async countPaidBuyers(productId: string, paidBefore: number): Promise<number> {
      const row = await paidOrdersOf(productId, paidBefore)
        .select((eb) => eb.fn.count<number>('userId').distinct().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
