import { CatalogMessages, OrderMessages } from '@bindery/shared';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteOrder } from '../api/delete-order';
import { useGrantAccess } from '../api/grant-access';
import type { AdminOrderRow } from '../api/list-orders';
import { useRefundOrder } from '../api/refund-order';
import { useResetDownloads } from '../api/reset-downloads';

/** An order waiting on a confirm dialog; kept after it closes, so its text does not vanish while it fades out. */
interface PendingOrder {
  order: AdminOrderRow;
  isOpen: boolean;
}

/** Deleting an order, behind an "Are you sure?" dialog. */
function useDeleteAction() {
  const deleteOrder = useDeleteOrder();
  const [pendingDelete, setPendingDelete] = useState<PendingOrder | null>(null);
  const handleDelete = useCallback(
    (order: AdminOrderRow) => setPendingDelete({ order, isOpen: true }),
    [],
  );
  const closeDelete = () => setPendingDelete((current) => current && { ...current, isOpen: false });
  const confirmDelete = () => {
    if (!pendingDelete) return;
    deleteOrder.mutate(pendingDelete.order._id, {
      onSuccess: () => toast.success(OrderMessages.orderDeleted),
      onError: (error) =>
        toast.error(
          `Error deleting order: ${errorMessage(error, CatalogMessages.unexpectedError)}`,
        ),
      onSettled: closeDelete,
    });
  };
  return {
    pendingDelete,
    isDeleting: deleteOrder.isPending,
    handleDelete,
    closeDelete,
    confirmDelete,
  };
}

/** Refunding an order, behind a confirm dialog. */
function useRefundAction() {
  const refundOrder = useRefundOrder();
  const [refund, setRefund] = useState<PendingOrder | null>(null);
  const handleRefund = useCallback(
    (order: AdminOrderRow) => setRefund({ order, isOpen: true }),
    [],
  );
  const closeRefund = () => setRefund((current) => current && { ...current, isOpen: false });
  const confirmRefund = () => {
    if (!refund) return;
    refundOrder.mutate(refund.order._id, {
      onSuccess: () => toast.success(OrderMessages.orderRefunded),
      onError: (error) =>
        toast.error(
          OrderMessages.refundFailed(errorMessage(error, CatalogMessages.unexpectedError)),
        ),
      onSettled: closeRefund,
    });
  };
  return { refund, isRefunding: refundOrder.isPending, handleRefund, closeRefund, confirmRefund };
}

/** Resetting an order's downloads and granting access: done at once, told by a toast. */
function useQuickActions() {
  const { mutate: resetDownloads } = useResetDownloads();
  const handleResetDownloads = useCallback(
    (order: AdminOrderRow) =>
      resetDownloads(order._id, {
        onSuccess: () => toast.success(OrderMessages.downloadsReset),
        onError: (error) =>
          toast.error(OrderMessages.resetDownloadsFailed(errorMessage(error, 'please try again'))),
      }),
    [resetDownloads],
  );
  const { mutate: grantAccess, isPending: isGranting, variables: grantingId } = useGrantAccess();
  const handleGrantAccess = useCallback(
    (id: string) =>
      grantAccess(id, {
        onSuccess: () => toast.success(OrderMessages.accessGranted),
        onError: (error) =>
          toast.error(
            OrderMessages.grantFailed(errorMessage(error, CatalogMessages.unexpectedError)),
          ),
      }),
    [grantAccess],
  );
  return {
    handleResetDownloads,
    handleGrantAccess,
    grantingId: isGranting ? (grantingId ?? null) : null,
  };
}

/** What the admin can do to an order from the table: delete, refund, reset downloads, grant access. */
export function useOrderActions() {
  return { ...useDeleteAction(), ...useRefundAction(), ...useQuickActions() };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
