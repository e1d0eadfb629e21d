import { OrderMessages } from '@bindery/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { AdminOrderRow } from '../api/list-orders';
import type { OrderActions } from './use-order-actions';
import { formatAmount } from '../../../lib/money';

/** "Ada gets $12.50 back and can no longer download Pocket Atlas." */
function refundDescription(order: AdminOrderRow): string {
  const customer = order.user?.name ?? 'The buyer';
  const product = order.product?.title ?? 'the file';
  return `${customer} gets ${formatAmount(order.amountCents, order.currency)} back and can no longer download ${product}.`;
}

/** "Delete the order of “Pocket Atlas” by Ada Buyer (ada@example.com)?" */
function deleteSubject(order: AdminOrderRow): string {
  const product = order.product?.title ?? OrderMessages.productMissing;
  const customer = order.user ? `${order.user.name} (${order.user.email})` : 'a deleted account';
  return `Delete the order of “${product}” by ${customer}?`;
}

/** The confirm dialogs before an order is deleted or refunded. */
export function OrderActionDialogs({ actions }: { actions: OrderActions }) {
  const { pendingDelete, refund } = actions;
  return (
    <>
      <ConfirmDialog
        open={pendingDelete?.isOpen ?? false}
        title="Are you sure?"
        subject={pendingDelete ? deleteSubject(pendingDelete.order) : undefined}
        description="You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        isPending={actions.isDeleting}
        onConfirm={actions.confirmDelete}
        onCancel={actions.closeDelete}
      />

      <ConfirmDialog
        open={refund?.isOpen ?? false}
        title="Refund this order?"
        description={refund ? refundDescription(refund.order) : ''}
        confirmLabel="Yes, refund it!"
        isPending={actions.isRefunding}
        onConfirm={actions.confirmRefund}
        onCancel={actions.closeRefund}
      />
    </>
  );
}
