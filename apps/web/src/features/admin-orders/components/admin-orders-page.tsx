import {
  ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZES,
  CatalogMessages,
  ORDER_SORT_FIELDS,
  OrderMessages,
  formatCents,
} from '@bindery/shared';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePageInAddress } from '../../../lib/use-page-in-address';
import { useSortInAddress } from '../../../lib/use-sort-in-address';
import { useDeleteOrder } from '../api/delete-order';
import { useGrantAccess } from '../api/grant-access';
import { useOrderList, type AdminOrderRow } from '../api/list-orders';
import { useUnmatchedPayments } from '../api/list-unmatched-payments';
import { useRefundOrder } from '../api/refund-order';
import { useResetDownloads } from '../api/reset-downloads';
import { OrdersTable } from './orders-table';
import { FailedMailAlert } from '../../admin-mail';
import { UnmatchedPaymentsAlert } from './unmatched-payments-alert';

/** "Ada gets $12.50 back and can no longer download Pocket Atlas." */
function refundDescription(order: AdminOrderRow): string {
  const customer = order.user?.name ?? 'The buyer';
  const product = order.product?.title ?? 'the file';
  return `${customer} gets ${formatCents(order.amountCents)} back and can no longer download ${product}.`;
}

/** "Delete the order of “Pocket Atlas” by Ada Buyer (ada@example.com)?" */
function deleteSubject(order: AdminOrderRow): string {
  const product = order.product?.title ?? OrderMessages.productMissing;
  const customer = order.user ? `${order.user.name} (${order.user.email})` : 'a deleted account';
  return `Delete the order of “${product}” by ${customer}?`;
}

/** The address's name for the "Needs review" filter: `?filter=review`. */
const REVIEW_FILTER = 'review';

/** The admin's view of every customer's orders: refunds, review, and deleting. */
export function AdminOrdersPage() {
  // Filter, page, page size and sort live in the address: a reload keeps them, Back returns.
  const [searchParams, setSearchParams] = useSearchParams();
  const isReviewOnly = searchParams.get('filter') === REVIEW_FILTER;
  const [paginationModel, setPaginationModel] = usePageInAddress(
    ADMIN_ORDERS_PAGE_SIZES,
    ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
  );
  const [sort, setSort] = useSortInAddress(ORDER_SORT_FIELDS);
  const orders = useOrderList({
    page: paginationModel.page + 1,
    limit: paginationModel.pageSize,
    review: isReviewOnly,
    sort,
  });
  // A failure here stays quiet: the orders list reports load failures, this is only a reminder.
  const unmatchedPayments = useUnmatchedPayments();
  const deleteOrder = useDeleteOrder();
  const refundOrder = useRefundOrder();
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
  // Kept after the dialog closes, so its text does not vanish while it fades out.
  const [pendingDelete, setPendingDelete] = useState<{
    order: AdminOrderRow;
    isOpen: boolean;
  } | null>(null);
  // Kept after the dialog closes, so its text does not vanish while it fades out.
  const [refund, setRefund] = useState<{ order: AdminOrderRow; isOpen: boolean } | null>(null);

  const handleDelete = useCallback(
    (order: AdminOrderRow) => setPendingDelete({ order, isOpen: true }),
    [],
  );
  const handleRefund = useCallback(
    (order: AdminOrderRow) => setRefund({ order, isOpen: true }),
    [],
  );
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

  const data = orders.data;
  // A later page left empty (its last order deleted, resolved in the review list, or a page in
  // the address past the last one): show the last page that still has orders, in place of it.
  const isPastLastPage =
    data !== undefined &&
    !orders.isPlaceholderData &&
    data.orders.length === 0 &&
    paginationModel.page > 0;
  const lastPage = Math.max(0, (data?.pages ?? 1) - 1);
  useEffect(() => {
    if (isPastLastPage)
      setPaginationModel({ ...paginationModel, page: lastPage }, { replace: true });
  }, [isPastLastPage, lastPage, paginationModel, setPaginationModel]);

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

  // A new filter starts from its first page; the size and the sort stay.
  const changeFilter = (isReview: boolean) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (isReview) params.set('filter', REVIEW_FILTER);
      else params.delete('filter');
      return params;
    });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {OrderMessages.adminOrdersTitle}
        </Typography>
        <Typography color="textSecondary">
          Every order placed in the store, newest first.
        </Typography>
      </Box>

      <UnmatchedPaymentsAlert payments={unmatchedPayments.data?.payments ?? []} />
      <FailedMailAlert />

      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Which orders to show"
        value={isReviewOnly ? 'review' : 'all'}
        // Clicking the chosen button again answers null: the choice stays.
        onChange={(_event, value: 'all' | 'review' | null) => {
          if (value) changeFilter(value === 'review');
        }}
        sx={{ mb: 2, bgcolor: 'background.paper' }}
      >
        <ToggleButton value="all">All orders</ToggleButton>
        <ToggleButton value="review">{OrderMessages.needsReview}</ToggleButton>
      </ToggleButtonGroup>

      {orders.isError && (
        <RetryAlert onRetry={() => void orders.refetch()}>
          <AlertTitle>{OrderMessages.adminOrdersLoadFailed}</AlertTitle>
          {orders.error instanceof ApiError && orders.error.serverMessage}
        </RetryAlert>
      )}

      {orders.isPending ? (
        <Stack
          role="status"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'center', py: 10 }}
        >
          <CircularProgress aria-hidden />
          <Typography color="textSecondary">{OrderMessages.adminOrdersLoading}</Typography>
        </Stack>
      ) : data ? (
        <Box sx={{ width: '100%', minWidth: 0 }}>
          <OrdersTable
            rows={data.orders}
            rowCount={data.total}
            loading={orders.isFetching || isPastLastPage}
            paginationModel={paginationModel}
            onPaginationModelChange={setPaginationModel}
            sort={sort}
            onSortChange={setSort}
            onDelete={handleDelete}
            onRefund={handleRefund}
            onGrantAccess={handleGrantAccess}
            onResetDownloads={handleResetDownloads}
            grantingId={isGranting ? (grantingId ?? null) : null}
            noRowsLabel={isReviewOnly ? 'No orders need review.' : 'No orders yet.'}
          />
        </Box>
      ) : null}

      <ConfirmDialog
        open={pendingDelete?.isOpen ?? false}
        title="Are you sure?"
        subject={pendingDelete ? deleteSubject(pendingDelete.order) : undefined}
        description="You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        isPending={deleteOrder.isPending}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      />

      <ConfirmDialog
        open={refund?.isOpen ?? false}
        title="Refund this order?"
        description={refund ? refundDescription(refund.order) : ''}
        confirmLabel="Yes, refund it!"
        isPending={refundOrder.isPending}
        onConfirm={confirmRefund}
        onCancel={closeRefund}
      />
    </Container>
  );
}
