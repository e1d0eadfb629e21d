import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ServerPager } from './server-pager';
import type { SortPlace } from '../lib/use-sort-in-address';
import type { CardPaginationModel } from './server-paged-cards';

/** One column of a plain server-paged table. */
export interface PlainTableColumn<Row> {
  /** The row's field, and the server's sort field when `sortable`. */
  field: string;
  headerName: string;
  /** A fixed width in pixels; columns without one share what is left equally. */
  width?: number;
  /** The least a shared column gets; the table scrolls sideways below the sum. */
  minWidth?: number;
  sortable?: boolean;
  render: (row: Row) => ReactNode;
}

export interface ServerPagedPlainTableProps<Row extends { _id: string }, Field extends string> {
  label: string;
  rows: Row[];
  columns: PlainTableColumn<Row>[];
  /** All rows on the server; the table shows one page of them at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: CardPaginationModel;
  onPaginationModelChange: (model: CardPaginationModel) => void;
  pageSizeOptions: readonly number[];
  noRowsLabel: string;
  /** The server's sort; null is its default order. The owner starts a new sort at page 1. */
  sort: SortPlace<Field> | null;
  onSortChange: (sort: SortPlace<Field> | null) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A click on a sortable header: ascending, then descending, then the server's default. */
function nextSort<Field extends string>(
  field: Field,
  sort: SortPlace<Field> | null,
): SortPlace<Field> | null {
  if (sort?.field !== field) return { field, order: 'asc' };
  return sort.order === 'asc' ? { field, order: 'desc' } : null;
}

function HeaderCell<Row, Field extends string>({
  column,
  sort,
  onSortChange,
}: {
  column: PlainTableColumn<Row>;
  sort: SortPlace<Field> | null;
  onSortChange: (sort: SortPlace<Field> | null) => void;
}) {
  // The grid's spacing: 10 px at the sides, one line per title (the sort arrow may overhang).
  const sx = { width: column.width, fontWeight: 600, py: 1.5, px: 1.25, whiteSpace: 'nowrap' };
  if (!column.sortable) {
    return <TableCell sx={sx}>{column.headerName}</TableCell>;
  }
  const field = column.field as Field;
  const active = sort?.field === field;
  return (
    <TableCell
      sx={{ ...sx, cursor: 'pointer' }}
      aria-sort={active ? ARIA_SORT[sort.order] : 'none'}
      // The whole header sorts, as a grid's does; the label inside is the keyboard's button.
      onClick={() => onSortChange(nextSort(field, sort))}
    >
      <TableSortLabel
        active={active}
        direction={active ? sort.order : 'asc'}
        // On the line of the plain headers' text, not a pixel below it.
        sx={{ verticalAlign: 'top' }}
      >
        {column.headerName}
      </TableSortLabel>
    </TableCell>
  );
}

/** One page of rows, or the empty list's text across the table. */
function BodyRows<Row extends { _id: string }>({
  rows,
  columns,
  noRowsLabel,
}: Pick<ServerPagedPlainTableProps<Row, string>, 'rows' | 'columns' | 'noRowsLabel'>) {
  if (rows.length === 0) {
    return (
      <TableRow>
        <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="textSecondary">{noRowsLabel}</Typography>
        </TableCell>
      </TableRow>
    );
  }
  return rows.map((row) => (
    <TableRow key={row._id} data-id={row._id} hover>
      {columns.map((column) => (
        <TableCell
          key={column.field}
          data-field={column.field}
          sx={{ py: 1, px: 1.25, overflowWrap: 'anywhere' }}
        >
          {column.render(row)}
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * A server-paged, server-sorted table drawn by MUI's plain `Table`: rows take the height of
 * their content in one layout, with no measuring pass, and nothing but MUI's core chunk to
 * load (decision 034). No row selection; the sortable headers are buttons reached with Tab.
 */
export function ServerPagedPlainTable<Row extends { _id: string }, Field extends string>({
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
}: ServerPagedPlainTableProps<Row, Field>) {
  const minTableWidth = columns.reduce((sum, c) => sum + (c.width ?? c.minWidth ?? 100), 0);
  return (
    <Paper variant="outlined" sx={{ position: 'relative' }}>
      <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}>
        {loading && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}
      </Box>
      <TableContainer>
        <Table
          aria-label={label}
          sx={{
            tableLayout: 'fixed',
            minWidth: minTableWidth,
            // The pagination bar draws the line under the last row.
            '& tbody tr:last-of-type td': { borderBottom: 0 },
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeaderCell
                  key={column.field}
                  column={column}
                  sort={sort}
                  onSortChange={onSortChange}
                />
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <BodyRows rows={rows} columns={columns} noRowsLabel={noRowsLabel} />
          </TableBody>
        </Table>
      </TableContainer>
      <ServerPager
        rowCount={rowCount}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={pageSizeOptions}
        sx={{ borderTop: 1, borderColor: 'divider' }}
      />
    </Paper>
  );
}
