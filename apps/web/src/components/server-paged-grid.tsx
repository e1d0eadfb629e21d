import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo, useRef } from 'react';
import type { SortPlace } from '../lib/use-sort-in-address';
import type { ServerPagedView } from './server-paged-table';

export interface ServerPagedGridProps<
  Row extends GridValidRowModel & { _id: string },
  Field extends string,
> extends ServerPagedView<Row, Field> {
  columns: GridColDef<Row>[];
  /** The columns the server sorts by (the same names); the others say `sortable: false`. */
  sortableColumns: readonly string[];
  noRowsLabel?: string;
}

/** The server's sort as the grid's model: one array per sort, not per render (a new sort). */
function useSortModel<Field extends string>(
  sort: SortPlace<Field> | null,
  sortableColumns: readonly string[],
): GridSortModel {
  const sortField = sort?.field;
  const sortOrder = sort?.order;
  return useMemo<GridSortModel>(
    () =>
      sortField && sortOrder && sortableColumns.includes(sortField)
        ? [{ field: sortField, sort: sortOrder }]
        : [],
    [sortField, sortOrder, sortableColumns],
  );
}

/**
 * The admin tables' Data Grid: paged and sorted on the server, rows that grow with their content,
 * no row selection, and no column filters (filtering one page would pass for filtering them all).
 * Only the lazily loaded admin screens import it, so the grid stays out of the main bundle.
 */
export function ServerPagedGrid<
  Row extends GridValidRowModel & { _id: string },
  Field extends string,
>({
  label,
  rows,
  columns,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  pageSizeOptions,
  noRowsLabel,
  sort,
  onSortChange,
  sortableColumns,
}: ServerPagedGridProps<Row, Field>) {
  const sortModel = useSortModel(sort, sortableColumns);
  const onSortModelChange = (model: GridSortModel) => {
    const [first] = model;
    onSortChange(first?.sort ? { field: first.field as Field, order: first.sort } : null);
  };
  // The grid goes back to the first page whenever its sort model changes, even when the change
  // comes from outside (Back to an unsorted address). The sort's owner already starts sorted
  // lists from page 1, so that one reset is dropped: Back must land on the page it left.
  const sortKey = JSON.stringify(sortModel);
  const lastSortKey = useRef(sortKey);
  const dropResetUntil = useRef(0);
  if (lastSortKey.current !== sortKey) {
    lastSortKey.current = sortKey;
    dropResetUntil.current = Date.now() + 250;
  }
  const changePage = (model: GridPaginationModel) => {
    const isSortReset =
      model.page === 0 &&
      model.pageSize === paginationModel.pageSize &&
      Date.now() < dropResetUntil.current;
    dropResetUntil.current = 0;
    if (!isSortReset) onPaginationModelChange(model);
  };

  return (
    <DataGrid
      label={label}
      rows={rows}
      columns={columns}
      getRowId={(row) => row._id}
      paginationMode="server"
      rowCount={rowCount}
      paginationModel={paginationModel}
      onPaginationModelChange={changePage}
      pageSizeOptions={[...pageSizeOptions]}
      sortingMode="server"
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      loading={loading}
      disableRowSelectionOnClick
      disableColumnFilter
      autoHeight
      disableVirtualization
      getRowHeight={() => 'auto'}
      {...(noRowsLabel ? { localeText: { noRowsLabel } } : {})}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-cell': {
          display: 'flex',
          alignItems: 'center',
          py: 1,
          whiteSpace: 'normal',
          overflowWrap: 'anywhere',
        },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
      }}
    />
  );
}
