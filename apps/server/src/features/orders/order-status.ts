import type { OrderStatus } from '@bindery/shared';
import type { OrdersTable } from '../../db/types.js';

/**
 * Every move an order's status can make, and nothing else (docs/decisions/009). Each name is
 * the cause; `orders.repo.moveStatus` applies one only from a listed status, in one
 * conditioned update, and writes it to `order_transitions`.
 */
export const ORDER_TRANSITIONS = {
  /** The provider confirmed the payment (webhook, success page, reconciliation, test checkout). */
  pay: { from: ['pending'], to: 'paid' },
  /** The checkout ended unpaid: expired, canceled by the buyer, replaced, async payment failed. */
  cancel: { from: ['pending'], to: 'canceled' },
  /** The money went back: the owner's refund, a full refund at the provider, a dispute lost. */
  refund: { from: ['paid'], to: 'refunded' },
  /** A refund failed at the provider: the buyer paid after all. */
  restore: { from: ['refunded'], to: 'paid' },
  /** The owner reviewed a flagged order whose money arrived and lets the buyer have the file. */
  grant: { from: ['pending', 'canceled'], to: 'paid' },
  /** The owner returned money that arrived for a flagged order (mismatch, after cancellation). */
  refundFlagged: { from: ['pending', 'canceled'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/**
 * Whether money the store could return is held for this order: a paid order, or a flagged one
 * whose payment arrived (amount mismatch, paid after it was canceled).
 */
export function canRefund(
  order: Pick<OrdersTable, 'status' | 'reviewReason' | 'paymentIntentId'>,
): boolean {
  if (order.status === 'paid') return true;
  return (
    order.status !== 'refunded' && order.reviewReason !== null && order.paymentIntentId !== null
  );
}
