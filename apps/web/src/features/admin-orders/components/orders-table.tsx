import { ADMIN_ORDERS_PAGE_SIZES, type OrderSortField } from '@bindery/shared';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { ServerPagedGrid } from '../../../components/server-paged-grid';
import { ServerPagedTable } from '../../../components/server-paged-table';
import type { SortPlace } from '../../../lib/use-sort-in-address';
import type { AdminOrderRow } from '../api/list-orders';
import { OrderCard } from './order-card';
import type { OrderRowActions } from './order-cells';
import { orderColumns } from './order-columns';

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

export interface OrdersTableProps extends OrderRowActions {
  rows: AdminOrderRow[];
  /** All orders on the server; the table pages there, one page of rows at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** The server's sort; null is its default, newest first. */
  sort: OrderSort | null;
  onSortChange: (sort: OrderSort | null) => void;
  noRowsLabel: string;
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
  const columns = useMemo(
    () => orderColumns({ onDelete, onRefund, onGrantAccess, onResetDownloads, grantingId }),
    [onDelete, onRefund, onGrantAccess, onResetDownloads, grantingId],
  );
  const actions = { onDelete, onRefund, onGrantAccess, onResetDownloads, grantingId };

  return (
    <ServerPagedTable
      label="All customer orders"
      rows={rows}
      rowCount={rowCount}
      loading={loading}
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={ADMIN_ORDERS_PAGE_SIZES}
      sort={sort}
      onSortChange={onSortChange}
      renderWide={(view) => (
        <ServerPagedGrid
          {...view}
          columns={columns}
          sortableColumns={SORTABLE_COLUMNS}
          noRowsLabel={noRowsLabel}
        />
      )}
      cards={{
        renderCard: (row) => <OrderCard row={row} {...actions} />,
        sortOptions: PHONE_SORT_OPTIONS,
        noRowsLabel,
      }}
    />
  );
}
