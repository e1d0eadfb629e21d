import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';

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
}

/**
 * The admin tables' Data Grid: paged on the server, rows that grow with their content, no row
 * selection, and no column filters (filtering one page would pass for filtering them all).
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
}: ServerPagedGridProps<Row>) {
  return (
    <DataGrid
      label={label}
      rows={rows}
      columns={columns}
      getRowId={(row) => row._id}
      paginationMode="server"
      rowCount={rowCount}
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...pageSizeOptions]}
      loading={loading}
      disableRowSelectionOnClick
      disableColumnFilter
      autoHeight
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
