import type { DocumentRecorder } from '../orders/index.js';
import type { DiscountsRepo } from './discounts.repo.js';

/**
 * A code's redemptions follow their orders (decision 034), told of every status change inside
 * its transaction: paid redeems the held one, canceled or refunded gives it back.
 */
export function createRedemptionRecorder(repo: Pick<DiscountsRepo, 'within'>): DocumentRecorder {
  return {
    async recordStatusChange({ orderId, to }, within) {
      const queries = repo.within(within);
      if (to === 'paid') await queries.redeem(orderId);
      else if (to === 'canceled' || to === 'refunded') await queries.release(orderId);
    },
  };
}
