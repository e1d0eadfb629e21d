import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { ServerPager } from './server-pager';

export interface CardPaginationModel {
  /** Counted from 0, as the Data Grid counts. */
  page: number;
  pageSize: number;
}

export interface CardSortOption {
  /** `field:order`, e.g. `price:desc`; the empty value is the server's default order. */
  value: string;
  label: string;
}

export interface ServerPagedCardsProps<Row extends { _id: string }> {
  label: string;
  rows: Row[];
  /** All rows on the server; the list shows one page of them at a time. */
  rowCount: number;
  loading: boolean;
  paginationModel: CardPaginationModel;
  onPaginationModelChange: (model: CardPaginationModel) => void;
  pageSizeOptions: readonly number[];
  noRowsLabel: string;
  /** One card's content: what the row says and every action it offers, as visible buttons. */
  renderCard: (row: Row) => ReactNode;
  sort?: { options: CardSortOption[]; value: string; onChange: (value: string) => void };
}

/**
 * The admin tables on a phone: one card per row, so every column and action is in view without
 * sideways scrolling, and a pagination bar whose rows-per-page select stays reachable. Paged and
 * sorted on the server, like the Data Grid it stands in for below the `sm` breakpoint.
 */
export function ServerPagedCards<Row extends { _id: string }>({
  label,
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  pageSizeOptions,
  noRowsLabel,
  renderCard,
  sort,
}: ServerPagedCardsProps<Row>) {
  const listId = useId();
  return (
    <Box>
      {sort && (
        <TextField
          select
          size="small"
          label="Sort by"
          value={sort.value}
          onChange={(event) => sort.onChange(event.target.value)}
          sx={{ mb: 2, minWidth: 200, bgcolor: 'background.paper' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {sort.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ height: 4, mb: 1 }}>
        {loading && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}
      </Box>
      {rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="textSecondary">{noRowsLabel}</Typography>
        </Paper>
      ) : (
        <Box
          component="ul"
          id={listId}
          aria-label={label}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {rows.map((row) => (
            <Paper component="li" variant="outlined" key={row._id} sx={{ p: 2, minWidth: 0 }}>
              {renderCard(row)}
            </Paper>
          ))}
        </Box>
      )}
      <ServerPager
        rowCount={rowCount}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={pageSizeOptions}
        sx={{
          mt: 1,
          // The whole bar fits a 320 px screen: tighter gaps instead of a hidden select.
          '& .MuiTablePagination-toolbar': { px: 0, flexWrap: 'wrap', justifyContent: 'flex-end' },
          '& .MuiTablePagination-spacer': { display: 'none' },
          '& .MuiTablePagination-input': { mr: 1.5, ml: 0.5 },
          '& .MuiTablePagination-actions': { ml: 1 },
        }}
      />
    </Box>
  );
}

/** `price:desc` → the sort it names; the empty value (or anything else) is the default order. */
export function parseSortOption<Field extends string>(
  value: string,
): { field: Field; order: 'asc' | 'desc' } | null {
  const [field, order] = value.split(':');
  if (!field || (order !== 'asc' && order !== 'desc')) return null;
  return { field: field as Field, order };
}
