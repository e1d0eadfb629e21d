import { ADMIN_PRODUCTS_PAGE_SIZES, formatDollars } from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { ServerPagedGrid } from '../../../components/server-paged-grid';
import { priceInUsd, type AdminProduct } from '../api/list-products';
import { ProductThumbnail } from '../../../components/product-thumbnail';

/** "$12.50", or "N/A" when the row has no usd value. */
export function formatAmount(price: AdminProduct['price']): string {
  const usd = priceInUsd(price);
  return usd === undefined ? 'N/A' : formatDollars(usd);
}

export interface ProductsTableProps {
  rows: AdminProduct[];
  /** All products on the server; the table pages there, one page of rows at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  onEdit: (row: AdminProduct) => void;
  onDelete: (id: string) => void;
}

function ProductCell({ row }: { row: AdminProduct }) {
  const src = row.image[0];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <ProductThumbnail src={src} />
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {row.title}
      </Typography>
    </Box>
  );
}

/**
 * The admin product list. Paging happens on the server (one page of rows, `rowCount` in all);
 * sorting orders the rows of the page shown. Column filters are off: filtering one page would
 * read as filtering the catalogue.
 */
export function ProductsTable({
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  onEdit,
  onDelete,
}: ProductsTableProps) {
  const columns = useMemo<GridColDef<AdminProduct>[]>(
    () => [
      {
        field: 'title',
        headerName: 'Product',
        minWidth: 250,
        flex: 1,
        renderCell: ({ row }) => <ProductCell row={row} />,
      },
      { field: 'subtitle', headerName: 'Sub Title', minWidth: 250, flex: 1 },
      {
        field: 'price',
        headerName: 'Amount',
        minWidth: 100,
        type: 'number',
        headerAlign: 'left',
        align: 'left',
        // Sorts by the usd value; rows without one sort as the lowest.
        valueGetter: (_value, row) => priceInUsd(row.price) ?? null,
        valueFormatter: (_value, row) => formatAmount(row.price),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 120,
        sortable: false,
        filterable: false,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditOutlinedIcon />}
            label={`Edit ${row.title}`}
            onClick={() => onEdit(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteOutlinedIcon color="error" />}
            label={`Delete ${row.title}`}
            onClick={() => onDelete(row._id)}
          />,
        ],
      },
    ],
    [onEdit, onDelete],
  );

  return (
    <ServerPagedGrid
      label="Products"
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={ADMIN_PRODUCTS_PAGE_SIZES}
      loading={loading}
    />
  );
}
