import type { UnmatchedPaymentsResponse } from '@bindery/shared';
import { iso } from './order-views.js';
import type { OrderRow, OrdersRepo, UnmatchedPaymentRow } from './orders.repo.js';

/** Unmatched payments shown to the owner at most (newest first). */
const UNMATCHED_LIST_LIMIT = 100;

const toUnmatched = (row: UnmatchedPaymentRow) => ({
  _id: row.id,
  provider: row.provider,
  orderId: row.orderId,
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  currency: row.currency,
  reason: row.reason,
  createdAt: iso(row.createdAt),
});

/**
 * Matching the provider's news with the store's orders: pending orders due a look, orders the
 * store cannot settle alone (flagged for the owner), and payments that match no order.
 */
export function createPaymentMatching({ repo, clock }: { repo: OrdersRepo; clock: () => number }) {
  return {
    /** Pending orders whose checkout should have ended by `cutoff` (see orders.repo). */
    listPendingToReconcile: (cutoff: number, provider: OrderRow['provider'], limit: number) =>
      repo.listPendingToReconcile(cutoff, provider, limit),

    flagForReview: (orderId: string, reason: string) =>
      repo.updateOrder(orderId, { reviewReason: reason }, clock()),

    /** The order a provider's payment belongs to, as far as the store knows. */
    findOrderIdByPaymentIntent: (paymentIntentId: string) =>
      repo.findOrderIdByPaymentIntent(paymentIntentId),

    /** A payment for an order the store does not have, kept once for the owner to act on. */
    recordUnmatchedPayment: (payment: Omit<UnmatchedPaymentRow, 'createdAt'>) =>
      repo.recordUnmatchedPayment({ ...payment, createdAt: clock() }),

    async listUnmatchedPayments(): Promise<UnmatchedPaymentsResponse> {
      const rows = await repo.listUnmatchedPayments(UNMATCHED_LIST_LIMIT);
      return { payments: rows.map(toUnmatched) };
    },
  };
}
