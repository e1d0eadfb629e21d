import { ADMIN_PRODUCTS_PAGE_SIZES, type ProductSortField } from '@bindery/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import type { CardPaginationModel } from '../../../components/server-paged-cards';
import {
  ServerPagedPlainTable,
  type PlainTableColumn,
} from '../../../components/server-paged-plain-table';
import { ServerPagedTable } from '../../../components/server-paged-table';
import { formatProductPrice } from '../../../lib/money';
import type { SortPlace } from '../../../lib/use-sort-in-address';
import { priceInUsd, type AdminProduct } from '../api/list-products';
import { ProductActionButtons, ProductActionIcons, type RowActions } from './product-row-actions';

/**
 * "$12.50" (in the store's currency: "12,50 €", "¥1,500"), or "N/A" when the row has no value.
 * The specification's `usd` reading is the price in whatever the store sells in.
 */
export function formatAmount(price: AdminProduct['price'], currency?: string): string {
  const usd = priceInUsd(price);
  return usd === undefined ? 'N/A' : formatProductPrice(usd, currency);
}

export type ProductSort = SortPlace<ProductSortField>;

export interface ProductsTableProps {
  rows: AdminProduct[];
  /** All products on the server; the table pages there, one page of rows at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: CardPaginationModel;
  onPaginationModelChange: (model: CardPaginationModel) => void;
  /** The server's sort; null is its default, newest first. */
  sort: ProductSort | null;
  onSortChange: (sort: ProductSort | null) => void;
  onEdit: (row: AdminProduct) => void;
  onDelete: (id: string) => void;
  /** Archived products: Restore takes the place of Edit and Delete. */
  onRestore?: (id: string) => void;
  restoringId?: string | null;
}

const PHONE_SORT_OPTIONS = [
  { value: '', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'title:asc', label: 'Title, A to Z' },
  { value: 'title:desc', label: 'Title, Z to A' },
  { value: 'price:asc', label: 'Price, low to high' },
  { value: 'price:desc', label: 'Price, high to low' },
];

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

/** A product on a phone: picture, title, sub title and amount, then its actions in view. */
function ProductCard({ row, ...actions }: { row: AdminProduct } & RowActions) {
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
        <ProductThumbnail src={row.image[0]} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            component="h2"
            variant="body1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {row.title}
          </Typography>
          {row.subtitle && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.subtitle}
            </Typography>
          )}
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
            {formatAmount(row.price, row.currency)}
          </Typography>
        </Box>
      </Box>
      <ProductActionButtons row={row} {...actions} />
    </Stack>
  );
}

/**
 * The admin product list. Paging and sorting happen on the server (one page of rows, `rowCount`
 * in all), so a sort orders the whole catalogue; there are no column filters (filtering one page
 * would read as filtering the catalogue). A plain table rather than the Data Grid: it shows its
 * rows in one render, without the grid's script and its measuring of auto-height rows (decision
 * 033). Below the `sm` breakpoint the rows become cards.
 */
export function ProductsTable({
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  sort,
  onSortChange,
  onEdit,
  onDelete,
  onRestore,
  restoringId = null,
}: ProductsTableProps) {
  const actions = useMemo(
    () => ({ onEdit, onDelete, onRestore, restoringId }),
    [onEdit, onDelete, onRestore, restoringId],
  );
  // Sortable columns are named as the server's sort fields (`title`, `price`).
  const columns = useMemo<PlainTableColumn<AdminProduct>[]>(
    () => [
      {
        field: 'title' satisfies ProductSortField,
        headerName: 'Product',
        minWidth: 250,
        sortable: true,
        render: (row) => <ProductCell row={row} />,
      },
      { field: 'subtitle', headerName: 'Sub Title', minWidth: 250, render: (row) => row.subtitle },
      {
        field: 'price' satisfies ProductSortField,
        headerName: 'Amount',
        width: 100,
        sortable: true,
        render: (row) => formatAmount(row.price, row.currency),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 120,
        render: (row) => <ProductActionIcons row={row} {...actions} />,
      },
    ],
    [actions],
  );
  const noRowsLabel = onRestore ? 'No archived products.' : 'No products yet.';

  return (
    <ServerPagedTable
      label="Products"
      rows={rows}
      rowCount={rowCount}
      loading={loading}
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={ADMIN_PRODUCTS_PAGE_SIZES}
      sort={sort}
      onSortChange={onSortChange}
      renderWide={(view) => (
        <ServerPagedPlainTable {...view} columns={columns} noRowsLabel={noRowsLabel} />
      )}
      cards={{
        renderCard: (row) => <ProductCard row={row} {...actions} />,
        sortOptions: PHONE_SORT_OPTIONS,
        noRowsLabel,
      }}
    />
  );
}
