import { OrderMessages } from '@bindery/shared';
import type { OrdersTable } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { OrdersRepo } from './orders.repo.js';

type RemovalFacts = Pick<OrdersTable, 'status' | 'reviewReason' | 'disputeStatus'>;

/**
 * What the owner's Delete does to an order (decision 009, "Deleting an order"). Orders are the
 * store's money records:
 * - `refuse`: money is held or argued over — paid, a dispute open or lost, or flagged for
 *   review. The owner refunds or resolves it first; `message` says so.
 * - `delete`: a pending checkout that never took money (closed at the provider first).
 * - `hide`: refunded or canceled; it leaves the admin list, its row and totals stay.
 *
 * `orders.repo` holds the same rule in SQL (`isHideable`): keep the two together.
 */
export type Removal = { action: 'refuse'; message: string } | { action: 'delete' | 'hide' };

export function removalOf(order: RemovalFacts): Removal {
  if (order.disputeStatus === 'open' || order.disputeStatus === 'lost')
    return { action: 'refuse', message: OrderMessages.disputedNotDeletable };
  if (order.status === 'paid') return { action: 'refuse', message: OrderMessages.paidNotDeletable };
  if (order.reviewReason !== null)
    return { action: 'refuse', message: OrderMessages.reviewNotDeletable };
  return order.status === 'pending' ? { action: 'delete' } : { action: 'hide' };
}

/**
 * Whether the owner removed this order from the admin list and it still may be: a hidden order
 * that later changed (a failed refund made it paid again, late money flagged it, a dispute
 * opened) is listed again, and a second Delete answers as for any listed order.
 */
export function isRemovedByOwner(order: RemovalFacts & Pick<OrdersTable, 'hiddenAt'>): boolean {
  return order.hiddenAt !== null && removalOf(order).action === 'hide';
}

/** The owner's Delete may act on this order: 404 when unknown or removed, 409 with the reason. */
export function requireRemovable(
  order: (RemovalFacts & Pick<OrdersTable, 'hiddenAt'>) | undefined,
): 'delete' | 'hide' {
  if (!order || isRemovedByOwner(order)) throw AppError.notFound(OrderMessages.orderNotFound);
  const removal = removalOf(order);
  if (removal.action === 'refuse') throw AppError.conflict(removal.message);
  return removal.action;
}

/**
 * The owner's Delete, decided again under the order's lock (a payment may have landed since the
 * caller looked): a checkout that took no money is deleted with its history — also when closing
 * it just canceled it (`wasPending`) — a refunded or canceled order leaves the admin list and
 * stays on record. Neither changes the sales totals.
 */
export async function removeOrder(
  repo: OrdersRepo,
  id: string,
  wasPending: boolean,
  now: number,
): Promise<void> {
  await repo.transaction(async (tx) => {
    const order = await tx.lockOrder(id);
    const action = requireRemovable(order);
    if (action === 'delete' || (wasPending && order!.status === 'canceled'))
      await tx.deleteUnpaidOrder(id);
    else await tx.hideOrder(id, now);
  });
}
