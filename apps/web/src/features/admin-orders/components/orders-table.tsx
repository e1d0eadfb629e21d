import {
  ADMIN_ORDERS_PAGE_SIZES,
  OrderMessages,
  formatCents,
  type OrderSortField,
} from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { parseSortOption, ServerPagedCards } from '../../../components/server-paged-cards';
import { ServerPagedGrid } from '../../../components/server-paged-grid';
import type { SortPlace } from '../../../lib/use-sort-in-address';
import { OrderChip, OrderStatusChip } from '../../orders/components/order-status-chip';
import { formatOrderDate } from '../../orders/format-order-date';
import type { AdminOrderRow } from '../api/list-orders';

export type OrderSort = SortPlace<OrderSortField>;

/** The grid's columns the server sorts by (the same names); customer and product are not. */
const SORTABLE_COLUMNS: readonly string[] = [
  'amountCents',
  'status',
  'createdAt',
] satisfies OrderSortField[];

const PHONE_SORT_OPTIONS = [
  { value: '', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'amountCents:desc', label: 'Amount, high to low' },
  { value: 'amountCents:asc', label: 'Amount, low to high' },
  { value: 'status:asc', label: 'Status, A to Z' },
  { value: 'status:desc', label: 'Status, Z to A' },
];

export interface OrdersTableProps {
  rows: AdminOrderRow[];
  /** All orders on the server; the table pages there, one page of rows at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** The server's sort; null is its default, newest first. */
  sort: OrderSort | null;
  onSortChange: (sort: OrderSort | null) => void;
  onDelete: (order: AdminOrderRow) => void;
  onRefund: (order: AdminOrderRow) => void;
  onGrantAccess: (id: string) => void;
  /** The order whose access is being granted, if any. */
  grantingId: string | null;
  /** Gives an order its downloads back (DOWNLOAD_LIMIT). */
  onResetDownloads: (order: AdminOrderRow) => void;
  noRowsLabel: string;
}

/** Offered once a paid order has counted downloads against a limit. */
const canResetDownloads = (row: AdminOrderRow) =>
  row.status === 'paid' && row.downloads.limit !== null && row.downloads.used > 0;

function CustomerCell({ user }: { user: AdminOrderRow['user'] }) {
  if (!user) {
    return (
      <Typography variant="body2" color="textSecondary">
        Account deleted
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {user.name}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
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
      {row.status === 'paid' && row.downloads.limit !== null && (
        <Typography variant="caption" color="textSecondary">
          {OrderMessages.downloadsUsed(row.downloads.used, row.downloads.limit)}
        </Typography>
      )}
      {row.reviewReason !== null && (
        <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.reviewReason}
        </Typography>
      )}
    </Stack>
  );
}

/** An order on a phone: who, what, how much, its status and date, then every action in view. */
function OrderCard({
  row,
  onDelete,
  onRefund,
  onGrantAccess,
  onResetDownloads,
  grantingId,
}: {
  row: AdminOrderRow;
  onDelete: (order: AdminOrderRow) => void;
  onRefund: (order: AdminOrderRow) => void;
  onGrantAccess: (id: string) => void;
  onResetDownloads: (order: AdminOrderRow) => void;
  grantingId: string | null;
}) {
  return (
    <Stack spacing={1.25}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, minWidth: 0 }}>
        <Typography
          component="h2"
          variant="body1"
          color={row.product ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {row.product?.title ?? OrderMessages.productMissing}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 600, flexShrink: 0 }}>
          {formatCents(row.amountCents)}
        </Typography>
      </Box>
      <CustomerCell user={row.user} />
      <StatusCell row={row} />
      <Typography variant="body2" color="textSecondary">
        <time dateTime={row.createdAt}>{formatOrderDate(row.createdAt)}</time>
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        {row.reviewReason !== null && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<LockOpenOutlinedIcon />}
            aria-label={`Grant access to order ${row._id}`}
            disabled={grantingId !== null}
            onClick={() => onGrantAccess(row._id)}
          >
            Grant access
          </Button>
        )}
        {canResetDownloads(row) && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<RestartAltIcon />}
            aria-label={`Reset downloads of order ${row._id}`}
            onClick={() => onResetDownloads(row)}
          >
            Reset downloads
          </Button>
        )}
        {row.canRefund && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<MoneyOffOutlinedIcon />}
            aria-label={`Refund order ${row._id}`}
            onClick={() => onRefund(row)}
          >
            Refund
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          aria-label={`Delete order ${row._id}`}
          onClick={() => onDelete(row)}
        >
          Delete
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * All customers' orders. Paging and sorting happen on the server (one page of rows, `rowCount`
 * in all), so a sort orders every order. Column filters are off: filtering one page would read as
 * filtering every order. Below the `sm` breakpoint the rows become cards.
 */
export function OrdersTable({
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  sort,
  onSortChange,
  onDelete,
  onRefund,
  onGrantAccess,
  grantingId,
  onResetDownloads,
  noRowsLabel,
}: OrdersTableProps) {
  // Read at once (no first render at desktop width), so a phone never flashes the grid.
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo<GridColDef<AdminOrderRow>[]>(
    () => [
      {
        field: 'user',
        headerName: 'Customer',
        minWidth: 240,
        flex: 1,
        // Names live with the accounts, not the orders: the server cannot sort by them.
        sortable: false,
        renderCell: ({ row }) => <CustomerCell user={row.user} />,
      },
      {
        field: 'product',
        headerName: 'Product',
        minWidth: 220,
        flex: 1,
        sortable: false,
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
        valueFormatter: (value: string) => formatOrderDate(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 140,
        // Right-aligned so Delete lines up whatever else a row offers.
        align: 'right',
        headerAlign: 'right',
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
          ...(canResetDownloads(row)
            ? [
                <GridActionsCellItem
                  key="reset-downloads"
                  icon={<RestartAltIcon />}
                  label={`Reset downloads of order ${row._id}`}
                  title="Reset downloads"
                  onClick={() => onResetDownloads(row)}
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
            onClick={() => onDelete(row)}
          />,
        ],
      },
    ],
    [onDelete, onRefund, onGrantAccess, onResetDownloads, grantingId],
  );

  const sortField = sort?.field;
  const sortOrder = sort?.order;
  // One array per sort, not per render: the grid reads a new array as a new sort.
  const sortModel = useMemo<GridSortModel>(
    () =>
      sortField && sortOrder && SORTABLE_COLUMNS.includes(sortField)
        ? [{ field: sortField, sort: sortOrder }]
        : [],
    [sortField, sortOrder],
  );

  if (isPhone) {
    return (
      <ServerPagedCards
        label="All customer orders"
        rows={rows}
        rowCount={rowCount}
        loading={loading}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={ADMIN_ORDERS_PAGE_SIZES}
        noRowsLabel={noRowsLabel}
        renderCard={(row) => (
          <OrderCard
            row={row}
            onDelete={onDelete}
            onRefund={onRefund}
            onGrantAccess={onGrantAccess}
            onResetDownloads={onResetDownloads}
            grantingId={grantingId}
          />
        )}
        sort={{
          options: PHONE_SORT_OPTIONS,
          value: sort ? `${sort.field}:${sort.order}` : '',
          onChange: (value) => onSortChange(parseSortOption<OrderSortField>(value)),
        }}
      />
    );
  }

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
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        onSortChange(
          first?.sort ? { field: first.field as OrderSortField, order: first.sort } : null,
        );
      }}
    />
  );
}
