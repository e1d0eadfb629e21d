import { ADMIN_ORDERS_PAGE_SIZES, OrderMessages, formatCents } from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { ServerPagedGrid } from '../../../components/server-paged-grid';
import { OrderStatusChip } from '../../orders/components/order-status-chip';
import { formatOrderDate } from '../../orders/format-order-date';
import type { AdminOrderRow } from '../api/list-orders';

export interface OrdersTableProps {
  rows: AdminOrderRow[];
  /** All orders on the server; the table pages there, one page of rows at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  onDelete: (id: string) => void;
}

function CustomerCell({ user }: { user: AdminOrderRow['user'] }) {
  if (!user) {
    return (
      <Typography variant="body2" color="text.secondary">
        Account deleted
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {user.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </Box>
  );
}

/**
 * All customers' orders. Paging happens on the server (one page of rows, `rowCount` in all);
 * sorting orders the rows of the page shown. Column filters are off: filtering one page would
 * read as filtering every order.
 */
export function OrdersTable({
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  onDelete,
}: OrdersTableProps) {
  const columns = useMemo<GridColDef<AdminOrderRow>[]>(
    () => [
      {
        field: 'user',
        headerName: 'Customer',
        minWidth: 240,
        flex: 1,
        valueGetter: (_value, row) => row.user?.name ?? '',
        renderCell: ({ row }) => <CustomerCell user={row.user} />,
      },
      {
        field: 'product',
        headerName: 'Product',
        minWidth: 220,
        flex: 1,
        valueGetter: (_value, row) => row.product?.title ?? OrderMessages.productMissing,
        renderCell: ({ row, value }) => (
          <Typography
            variant="body2"
            color={row.product ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            {String(value)}
          </Typography>
        ),
      },
      {
        field: 'amountCents',
        headerName: 'Amount',
        type: 'number',
        minWidth: 100,
        headerAlign: 'left',
        align: 'left',
        valueFormatter: (value: number) => formatCents(value),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        renderCell: ({ row }) => <OrderStatusChip status={row.status} />,
      },
      {
        field: 'createdAt',
        headerName: 'Date',
        minWidth: 120,
        // ISO timestamps sort as text in time order.
        valueFormatter: (value: string) => formatOrderDate(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 100,
        sortable: false,
        filterable: false,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="delete"
            icon={<DeleteOutlinedIcon color="error" />}
            label={`Delete order ${row._id}`}
            onClick={() => onDelete(row._id)}
          />,
        ],
      },
    ],
    [onDelete],
  );

  return (
    <ServerPagedGrid
      label="All customer orders"
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={ADMIN_ORDERS_PAGE_SIZES}
      loading={loading}
      noRowsLabel="No orders yet."
    />
  );
}
