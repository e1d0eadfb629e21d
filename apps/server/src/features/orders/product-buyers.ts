import type { OrdersRepo } from './orders.repo.js';

/** A product's buyers for the emails about its updates: paid orders only, one per buyer. */
export function createProductBuyers({ repo }: { repo: OrdersRepo }) {
  return {
    /**
     * The next batch of buyers (user ids, ascending) whose order was paid by `paidBefore`;
     * refunded, canceled, pending and disputed orders count for nothing.
     */
    listPaidBuyerIds: (
      productId: string,
      page: { after: string | null; paidBefore: number; limit: number },
    ) => repo.listPaidBuyerIds(productId, page),
    countPaidBuyers: (productId: string, paidBefore: number) =>
      repo.countPaidBuyers(productId, paidBefore),
  };
}
