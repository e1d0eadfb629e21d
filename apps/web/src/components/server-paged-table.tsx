import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import type { SortPlace } from '../lib/use-sort-in-address';
import {
  parseSortOption,
  ServerPagedCards,
  type CardPaginationModel,
  type CardSortOption,
} from './server-paged-cards';

/** What the wider screens' table of a server-paged list is given: one page and the sort. */
export interface ServerPagedView<Row extends { _id: string }, Field extends string> {
  label: string;
  rows: Row[];
  /** All rows on the server; the table shows one page of them at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: CardPaginationModel;
  onPaginationModelChange: (model: CardPaginationModel) => void;
  pageSizeOptions: readonly number[];
  /** The server's sort; null is its default order. */
  sort: SortPlace<Field> | null;
  onSortChange: (sort: SortPlace<Field> | null) => void;
}

export interface ServerPagedTableProps<
  Row extends { _id: string },
  Field extends string,
> extends ServerPagedView<Row, Field> {
  /**
   * Wider screens: the table itself (the Data Grid, or a plain table). Passed as a function so
   * that this module imports neither, and a page loads only the one it draws.
   */
  renderWide: (view: ServerPagedView<Row, Field>) => ReactNode;
  /** Phones: one card per row, and the sorts offered in a select. */
  cards: {
    renderCard: (row: Row) => ReactNode;
    sortOptions: CardSortOption[];
    noRowsLabel: string;
  };
}

/**
 * The admin tables' glue: a server-paged table on wider screens, cards below the `sm`
 * breakpoint, both reading and writing the one server sort.
 */
export function ServerPagedTable<Row extends { _id: string }, Field extends string>({
  renderWide,
  cards,
  ...view
}: ServerPagedTableProps<Row, Field>) {
  // Read at once (no first render at desktop width), so a phone never flashes the table.
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  if (isPhone) {
    const { sort, onSortChange, ...paging } = view;
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

  return renderWide(view);
}
