import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ordersCsvUrl, type ListOrdersParams } from '../api/list-orders';
import { OrderSearch } from './order-search';
import { ReviewFilter } from './review-filter';

/** Above the list: which orders (all or needing review), the search, and the CSV of that list. */
export function OrdersToolbar({
  filters,
}: {
  filters: Required<Pick<ListOrdersParams, 'review' | 'q'>> & Pick<ListOrdersParams, 'sort'>;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
    >
      {/* Its own width on a phone too: stretched, the group's paper runs past its buttons. */}
      <Box sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
        <ReviewFilter isReviewOnly={filters.review} />
      </Box>
      <OrderSearch current={filters.q} />
      <Button
        variant="outlined"
        href={ordersCsvUrl(filters)}
        // A file to save, not a page to open: the server sends it as an attachment.
        download
        startIcon={<FileDownloadOutlinedIcon />}
        sx={{ ml: { sm: 'auto !important' }, flexShrink: 0, bgcolor: 'background.paper' }}
      >
        Download CSV
      </Button>
    </Stack>
  );
}
