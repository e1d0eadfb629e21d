import { OrderMessages, formatCents } from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatOrderDate } from '../../../lib/format-order-date';
import type { AdminOrderRow } from '../api/list-orders';
import { canResetDownloads, CustomerCell, StatusCell, type OrderRowActions } from './order-cells';
import { resendReceiptGridActions } from './resend-receipt-action';

/** The grid's columns: customer, product, amount, status, date and the row's actions. */
export function orderColumns(actions: OrderRowActions): GridColDef<AdminOrderRow>[] {
  return [
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
      getActions: ({ row }) => orderActionItems(row, actions),
    },
  ];
}

/** Only what can be done to this order; the server decides what is refundable. */
function orderActionItems(row: AdminOrderRow, actions: OrderRowActions) {
  const { onDelete, onRefund, onGrantAccess, onResetDownloads, grantingId } = actions;
  return [
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
    ...resendReceiptGridActions(row),
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
  ];
}
