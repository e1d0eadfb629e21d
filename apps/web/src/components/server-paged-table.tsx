import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type {
  GridColDef,
  GridPaginationModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo, type ReactNode } from 'react';
import type { SortPlace } from '../lib/use-sort-in-address';
import { parseSortOption, ServerPagedCards, type CardSortOption } from './server-paged-cards';
import { ServerPagedGrid } from './server-paged-grid';

export interface ServerPagedTableProps<
  Row extends GridValidRowModel & { _id: string },
  Field extends string,
> {
  label: string;
  rows: Row[];
  /** All rows on the server; the table shows one page of them at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  pageSizeOptions: readonly number[];
  /** The server's sort; null is its default order. */
  sort: SortPlace<Field> | null;
  onSortChange: (sort: SortPlace<Field> | null) => void;
  /** Wider screens: the Data Grid's columns, and which of them the server sorts by (same names). */
  grid: { columns: GridColDef<Row>[]; sortableColumns: readonly string[]; noRowsLabel?: string };
  /** Phones: one card per row, and the sorts offered in a select. */
  cards: {
    renderCard: (row: Row) => ReactNode;
    sortOptions: CardSortOption[];
    noRowsLabel: string;
  };
}

/**
 * The admin tables' glue: a server-paged Data Grid on wider screens, cards below the `sm`
 * breakpoint, both reading and writing the one server sort.
 */
export function ServerPagedTable<
  Row extends GridValidRowModel & { _id: string },
  Field extends string,
>({ sort, onSortChange, grid, cards, ...paging }: ServerPagedTableProps<Row, Field>) {
  // Read at once (no first render at desktop width), so a phone never flashes the grid.
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const sortField = sort?.field;
  const sortOrder = sort?.order;
  const { sortableColumns } = grid;
  // One array per sort, not per render: the grid reads a new array as a new sort.
  const sortModel = useMemo<GridSortModel>(
    () =>
      sortField && sortOrder && sortableColumns.includes(sortField)
        ? [{ field: sortField, sort: sortOrder }]
        : [],
    [sortField, sortOrder, sortableColumns],
  );

  if (isPhone) {
    return (
      <ServerPagedCards
        {...paging}
        noRowsLabel={cards.noRowsLabel}
        renderCard={cards.renderCard}
        sort={{
          options: cards.sortOptions,
          value: sort ? `${sort.field}:${sort.order}` : '',
          onChange: (value) => onSortChange(parseSortOption<Field>(value)),
        }}
      />
    );
  }

  return (
    <ServerPagedGrid
      {...paging}
      columns={grid.columns}
      noRowsLabel={grid.noRowsLabel}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        onSortChange(first?.sort ? { field: first.field as Field, order: first.sort } : null);
      }}
    />
  );
}
