import { ADMIN_ORDERS_DEFAULT_PAGE_SIZE, CatalogMessages, OrderMessages } from '@bindery/shared';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDeleteOrder } from '../api/delete-order';
import { useOrderList } from '../api/list-orders';
import { OrdersTable } from './orders-table';
import { RetryAlert } from '../../../components/retry-alert';

/** The admin's view of every customer's orders, with deleting. */
export function AdminOrdersPage() {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
  });
  const orders = useOrderList({ page: paginationModel.page + 1, limit: paginationModel.pageSize });
  const deleteOrder = useDeleteOrder();
  const [pendingDeleteId, setPendingDeleteId] = useState<string | null>(null);

  const handleDelete = useCallback((id: string) => setPendingDeleteId(id), []);

  const data = orders.data;
  const confirmDelete = () => {
    if (!pendingDeleteId) return;
    // The last row of a later page: once it is gone, show the page before instead of an empty one.
    const emptiesPage = data?.orders.length === 1 && paginationModel.page > 0;
    deleteOrder.mutate(pendingDeleteId, {
      onSuccess: () => {
        toast.success(OrderMessages.orderDeleted);
        if (emptiesPage) setPaginationModel((model) => ({ ...model, page: model.page - 1 }));
      },
      onError: (error) =>
        toast.error(
          `Error deleting order: ${errorMessage(error, CatalogMessages.unexpectedError)}`,
        ),
      onSettled: () => setPendingDeleteId(null),
    });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {OrderMessages.adminOrdersTitle}
        </Typography>
        <Typography color="text.secondary">
          Every order placed in the store, newest first.
        </Typography>
      </Box>

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
          <Typography color="text.secondary">{OrderMessages.adminOrdersLoading}</Typography>
        </Stack>
      ) : data ? (
        // Wide columns scroll sideways on a phone instead of squeezing the table.
        <Box sx={{ width: '100%', overflowX: 'auto' }}>
          <OrdersTable
            rows={data.orders}
            rowCount={data.total}
            loading={orders.isFetching}
            paginationModel={paginationModel}
            onPaginationModelChange={setPaginationModel}
            onDelete={handleDelete}
          />
        </Box>
      ) : null}

      <ConfirmDialog
        open={pendingDeleteId !== null}
        title="Are you sure?"
        description="You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        isPending={deleteOrder.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDeleteId(null)}
      />
    </Container>
  );
}
