import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useRef } from 'react';

export interface ServerPagedGridProps<Row extends GridValidRowModel & { _id: string }> {
  label: string;
  rows: Row[];
  columns: GridColDef<Row>[];
  /** All rows on the server; the grid shows one page of them at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  pageSizeOptions: readonly number[];
  noRowsLabel?: string;
  /**
   * The server's sort. Without a handler no column sorts: sorting one page of rows would pass
   * for sorting them all. Columns the server cannot sort by say `sortable: false`.
   */
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
}

/**
 * The admin tables' Data Grid: paged and sorted on the server, rows that grow with their content,
 * no row selection, and no column filters (filtering one page would pass for filtering them all).
 * Only the lazily loaded admin screens import it, so the grid stays out of the main bundle.
 */
export function ServerPagedGrid<Row extends GridValidRowModel & { _id: string }>({
  label,
  rows,
  columns,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  pageSizeOptions,
  noRowsLabel,
  sortModel,
  onSortModelChange,
}: ServerPagedGridProps<Row>) {
  // The grid goes back to the first page whenever its sort model changes, even when the change
  // comes from outside (Back to an unsorted address). The sort's owner already starts sorted
  // lists from page 1, so that one reset is dropped: Back must land on the page it left.
  const sortKey = JSON.stringify(sortModel ?? []);
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
      {...(onSortModelChange
        ? { sortingMode: 'server' as const, sortModel: sortModel ?? [], onSortModelChange }
        : { disableColumnSorting: true })}
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
