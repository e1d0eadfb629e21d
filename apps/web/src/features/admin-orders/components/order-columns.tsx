import { OrderMessages } from '@bindery/shared';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatOrderDateTime } from '../../../lib/format-order-date';
import type { AdminOrderRow } from '../api/list-orders';
import { CustomerCell, StatusCell, type OrderRowActions } from './order-cells';
import { OrderActionIcons } from './order-row-actions';
import { formatAmount } from '../../../lib/money';
import { countryName, netCents } from './order-tax';

/** "#1042": how people name an order. */
export const orderNumberText = (row: Pick<AdminOrderRow, 'orderNumber'>) => `#${row.orderNumber}`;

/** Shown for an order without tax on a page where others have it. */
const NONE = '—';

/** Net, tax and the buyer's country, beside the amount (the total) when the page has tax. */
function taxColumns(): GridColDef<AdminOrderRow>[] {
  return [
    {
      field: 'netCents',
      headerName: 'Net',
      minWidth: 96,
      sortable: false,
      valueGetter: (_value, row) => netCents(row),
      valueFormatter: (value: number, row) => formatAmount(value, row.currency),
    },
    {
      field: 'taxCents',
      headerName: 'Tax',
      minWidth: 88,
      sortable: false,
      valueFormatter: (value: number, row) =>
        value === 0 ? NONE : formatAmount(value, row.currency),
    },
    {
      field: 'buyerCountry',
      headerName: 'Country',
      minWidth: 120,
      sortable: false,
      valueFormatter: (value: string | null) => (value === null ? NONE : countryName(value)),
    },
  ];
}

/**
 * The grid's columns: number, customer, product, amount, status, when, and the row's actions;
 * with `withTax`, net, tax and country after the amount.
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
      renderCell: ({ row }) => <CustomerCell user={row.user} />,
    },
    {
      field: 'product',
      headerName: 'Product',
      minWidth: 180,
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
      valueFormatter: (value: number, row) => formatAmount(value, row.currency),
    },
    ...(withTax ? taxColumns() : []),
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
