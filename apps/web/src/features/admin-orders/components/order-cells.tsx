import { OrderMessages } from '@bindery/shared';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OrderChip, OrderStatusChip } from '../../orders';
import type { AdminOrderRow } from '../api/list-orders';

/** What the admin can do to an order, from a grid row or a phone card. */
export interface OrderRowActions {
  onDelete: (order: AdminOrderRow) => void;
  onRefund: (order: AdminOrderRow) => void;
  onGrantAccess: (id: string) => void;
  /** Gives an order its downloads back (DOWNLOAD_LIMIT). */
  onResetDownloads: (order: AdminOrderRow) => void;
  /** The order whose access is being granted, if any. */
  grantingId: string | null;
}

/** Offered once a paid order has counted downloads against a limit. */
export const canResetDownloads = (row: AdminOrderRow) =>
  row.status === 'paid' && row.downloads.limit !== null && row.downloads.used > 0;

export function CustomerCell({ user }: { user: AdminOrderRow['user'] }) {
  if (!user) {
    return (
      <Typography variant="body2" color="textSecondary">
        Account deleted
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {user.name}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </Box>
  );
}

/** The status, and what the owner must look at: an open dispute, or why the order needs review. */
export function StatusCell({ row }: { row: AdminOrderRow }) {
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        <OrderStatusChip status={row.status} />
        {row.dispute === 'open' && (
          <OrderChip label="Disputed" icon={<GavelOutlinedIcon />} tone="error" />
        )}
        {row.reviewReason !== null && (
          <OrderChip label={OrderMessages.needsReview} icon={<FlagOutlinedIcon />} tone="warning" />
        )}
      </Box>
      {row.status === 'paid' && row.downloads.limit !== null && (
        <Typography variant="caption" color="textSecondary">
          {OrderMessages.downloadsUsed(row.downloads.used, row.downloads.limit)}
        </Typography>
      )}
      {row.reviewReason !== null && (
        <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.reviewReason}
        </Typography>
      )}
    </Stack>
  );
}
