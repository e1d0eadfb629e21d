import { ADMIN_ORDERS_PAGE_SIZES, OrderMessages, formatCents } from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { GridActionsCellItem, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { ServerPagedGrid } from '../../../components/server-paged-grid';
import { OrderChip, OrderStatusChip } from '../../orders/components/order-status-chip';
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
  onRefund: (order: AdminOrderRow) => void;
  onGrantAccess: (id: string) => void;
  /** The order whose access is being granted, if any. */
  grantingId: string | null;
  noRowsLabel: string;
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

/** The status, and what the owner must look at: an open dispute, or why the order needs review. */
function StatusCell({ row }: { row: AdminOrderRow }) {
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        <OrderStatusChip status={row.status} />
        {row.dispute === 'open' && (
          <OrderChip label="Disputed" icon={<GavelOutlinedIcon />} tone="error" />
        )}
        {row.reviewReason !== null && (
          <OrderChip label={OrderMessages.needsReview} icon={<FlagOutlinedIcon />} tone="warning" />
        )}
      </Box>
      {row.reviewReason !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.reviewReason}
        </Typography>
      )}
    </Stack>
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
  onRefund,
  onGrantAccess,
  grantingId,
  noRowsLabel,
}: OrdersTableProps) {
  // Read at once (no first render at desktop width), so the columns do not jump on a phone.
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo<GridColDef<AdminOrderRow>[]>(() => {
    const actions: GridColDef<AdminOrderRow> = {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 140,
      // Right-aligned on wide screens so Delete lines up whatever else a row offers.
      align: isPhone ? 'left' : 'right',
      headerAlign: isPhone ? 'left' : 'right',
      sortable: false,
      filterable: false,
      // Only what can be done to this order; the server decides what is refundable.
      getActions: ({ row }) => [
        ...(row.reviewReason !== null
          ? [
              <GridActionsCellItem
                key="grant"
                icon={<LockOpenOutlinedIcon color="primary" />}
                label={`Grant access to order ${row._id}`}
                title="Grant access"
                disabled={grantingId !== null}
                onClick={() => onGrantAccess(row._id)}
              />,
            ]
          : []),
        ...(row.canRefund
          ? [
              <GridActionsCellItem
                key="refund"
                icon={<MoneyOffOutlinedIcon />}
                label={`Refund order ${row._id}`}
                title="Refund"
                onClick={() => onRefund(row)}
              />,
            ]
          : []),
        <GridActionsCellItem
          key="delete"
          icon={<DeleteOutlinedIcon color="error" />}
          label={`Delete order ${row._id}`}
          title="Delete"
          onClick={() => onDelete(row._id)}
        />,
      ],
    };
    const details: GridColDef<AdminOrderRow>[] = [
      {
        field: 'user',
        headerName: 'Customer',
        // On a phone the customer fits beside the actions, so each row says whose order it is.
        minWidth: isPhone ? 200 : 240,
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
        minWidth: 200,
        flex: 0.8,
        renderCell: ({ row }) => <StatusCell row={row} />,
      },
      {
        field: 'createdAt',
        headerName: 'Date',
        minWidth: 120,
        // ISO timestamps sort as text in time order.
        valueFormatter: (value: string) => formatOrderDate(value),
      },
    ];
    // A phone shows the actions first: the table scrolls sideways, and they stay in reach.
    return isPhone ? [actions, ...details] : [...details, actions];
  }, [isPhone, onDelete, onRefund, onGrantAccess, grantingId]);

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
      noRowsLabel={noRowsLabel}
    />
  );
}
