import { OrderMessages } from '@bindery/shared';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OrderChip, OrderStatusChip } from '../../orders';
import { formatAmount } from '../../../lib/money';
import type { AdminOrderRow } from '../api/list-orders';
import { countryName, hasTaxDetails, netCents } from './order-tax';

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

/** "Country: France": where a taxed order was billed, in the store's language. */
function CountryLine({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  return (
    <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      Country: {countryName(code)}
    </Typography>
  );
}

/** The buyer's name and email; with `country`, where the order was billed. */
export function CustomerCell({
  user,
  country,
}: {
  user: AdminOrderRow['user'];
  country?: string | null;
}) {
  if (!user) {
    return (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="textSecondary">
          Account deleted
        </Typography>
        <CountryLine code={country} />
      </Box>
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
      <CountryLine code={country} />
    </Box>
  );
}

/** The total; for a taxed order, its net and tax under it. */
export function AmountCell({ row }: { row: AdminOrderRow }) {
  const total = formatAmount(row.amountCents, row.currency);
  if (!hasTaxDetails(row)) return <>{total}</>;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{total}</Typography>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        Net {formatAmount(netCents(row), row.currency)}
      </Typography>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        Tax {row.taxCents === 0 ? '—' : formatAmount(row.taxCents, row.currency)}
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
