import {
  ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZES,
  ORDER_SORT_FIELDS,
  OrderMessages,
} from '@bindery/shared';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { usePageInAddress } from '../../../lib/use-page-in-address';
import { useSortInAddress } from '../../../lib/use-sort-in-address';
import { useOrderList } from '../api/list-orders';
import { useUnmatchedPayments } from '../api/list-unmatched-payments';
import { OrderActionDialogs } from './order-action-dialogs';
import { OrdersTable } from './orders-table';
import { FailedMailAlert } from '../../admin-mail';
import { useOrderSearchText } from './order-search';
import { OrdersToolbar } from './orders-toolbar';
import { useIsReviewOnly } from './review-filter';
import { UnmatchedPaymentsAlert } from './unmatched-payments-alert';
import { useOrderActions } from './use-order-actions';

/** What the list says when it is empty: why nothing is listed. */
function noOrdersLabel(q: string, isReviewOnly: boolean) {
  if (q) return `No orders match “${q}”.`;
  return isReviewOnly ? 'No orders need review.' : 'No orders yet.';
}

/** The admin's view of every customer's orders: refunds, review, and deleting. */
export function AdminOrdersPage() {
  // Filter, page, page size and sort live in the address: a reload keeps them, Back returns.
  const isReviewOnly = useIsReviewOnly();
  const q = useOrderSearchText();
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
    q,
  });
  // A failure here stays quiet: the orders list reports load failures, this is only a reminder.
  const unmatchedPayments = useUnmatchedPayments();
  const actions = useOrderActions();

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
      <OrdersToolbar filters={{ review: isReviewOnly, q, sort }} />

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
            onDelete={actions.handleDelete}
            onRefund={actions.handleRefund}
            onGrantAccess={actions.handleGrantAccess}
            onResetDownloads={actions.handleResetDownloads}
            grantingId={actions.grantingId}
            noRowsLabel={noOrdersLabel(q, isReviewOnly)}
          />
        </Box>
      ) : null}

      <OrderActionDialogs actions={actions} />
    </Container>
  );
}
