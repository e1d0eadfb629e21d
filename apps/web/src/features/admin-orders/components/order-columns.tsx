import { OrderMessages } from '@bindery/shared';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatOrderDateTime } from '../../../lib/format-order-date';
import type { AdminOrderRow } from '../api/list-orders';
import { AmountCell, CustomerCell, StatusCell, type OrderRowActions } from './order-cells';
import { OrderActionIcons } from './order-row-actions';
import { AdminLicenseKey } from './admin-license-key';
import { formatAmount } from '../../../lib/money';

/** "#1042": how people name an order. */
export const orderNumberText = (row: Pick<AdminOrderRow, 'orderNumber'>) => `#${row.orderNumber}`;

/**
 * The grid's columns: number, customer, product, amount, status, when, and the row's actions.
 * With `withTax` (a page with taxed orders) a taxed order's amount says its net and tax under
 * the total, and its customer the country billed: three more columns would push Date and the
 * actions out of a 1366-pixel screen.
 */
export function orderColumns(
  actions: OrderRowActions,
  { withTax = false }: { withTax?: boolean } = {},
): GridColDef<AdminOrderRow>[] {
  return [
    {
      field: 'orderNumber',
      headerName: 'Order',
      width: 90,
      // Numbers follow the order of placing: the Date column sorts the same way.
      sortable: false,
      valueFormatter: (_value, row) => orderNumberText(row),
    },
    {
      field: 'user',
      headerName: 'Customer',
      minWidth: 210,
      flex: 1,
      // Names live with the accounts, not the orders: the server cannot sort by them.
      sortable: false,
      renderCell: ({ row }) => (
        <CustomerCell user={row.user} country={withTax ? row.buyerCountry : null} />
      ),
    },
    {
      field: 'product',
      headerName: 'Product',
      minWidth: 180,
      flex: 1,
      sortable: false,
      valueGetter: (_value, row) => row.product?.title ?? OrderMessages.productMissing,
      renderCell: ({ row, value }) => (
        <div>
          <Typography
            variant="body2"
            color={row.product ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            {String(value)}
          </Typography>
          <AdminLicenseKey row={row} />
        </div>
      ),
    },
    {
      field: 'amountCents',
      headerName: 'Amount',
      type: 'number',
      minWidth: 100,
      headerAlign: 'left',
      align: 'left',
      valueFormatter: (value: number, row) => formatAmount(value, row.currency),
      renderCell: ({ row }) => <AmountCell row={row} withTax={withTax} />,
    },
    {
      field: 'status',
      headerName: 'Status',
      minWidth: 170,
      flex: 0.8,
      renderCell: ({ row }) => <StatusCell row={row} />,
    },
    {
      field: 'createdAt',
      headerName: 'Date',
      minWidth: 190,
      // The time too, in the admin's own time zone: a buyer may place several orders a day.
      renderCell: ({ row }) => (
        <time dateTime={row.createdAt}>{formatOrderDateTime(row.createdAt)}</time>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 226,
      headerAlign: 'right',
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      // Real buttons rather than the grid's action items: those leave Tab's order (roving focus).
      renderCell: ({ row }) => <OrderActionIcons row={row} {...actions} />,
    },
  ];
}
