import type { SxProps, Theme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import type { CardPaginationModel } from './server-paged-cards';

export interface ServerPagerProps {
  /** All rows on the server. */
  rowCount: number;
  paginationModel: CardPaginationModel;
  onPaginationModelChange: (model: CardPaginationModel) => void;
  pageSizeOptions: readonly number[];
  sx?: SxProps<Theme>;
}

/** The pager under a server-paged list: a new page size starts again from the first page. */
export function ServerPager({
  rowCount,
  paginationModel,
  onPaginationModelChange,
  pageSizeOptions,
  sx,
}: ServerPagerProps) {
  return (
    <TablePagination
      component="div"
      count={rowCount}
      page={paginationModel.page}
      rowsPerPage={paginationModel.pageSize}
      rowsPerPageOptions={[...pageSizeOptions]}
      onPageChange={(_event, page) => onPaginationModelChange({ ...paginationModel, page })}
      onRowsPerPageChange={(event) =>
        onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })
      }
      labelRowsPerPage="Rows per page:"
      {...(sx ? { sx } : {})}
    />
  );
}
