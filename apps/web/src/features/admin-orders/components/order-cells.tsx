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

/** "Code SPRING (−$3.00)": the discount code an order used and what it took off. */
export const discountText = (
  row: Pick<AdminOrderRow, 'discountCode' | 'discountCents' | 'currency'>,
) =>
  row.discountCode === null
    ? null
    : `Code ${row.discountCode} (−${formatAmount(row.discountCents, row.currency)})`;

/** The total; under it a taxed order's net and tax (`withTax`), and the code it used. */
export function AmountCell({ row, withTax }: { row: AdminOrderRow; withTax: boolean }) {
  const total = formatAmount(row.amountCents, row.currency);
  const showsTax = withTax && hasTaxDetails(row);
  const discount = discountText(row);
  if (!showsTax && discount === null) return <>{total}</>;
  const caption = (text: string) => (
    <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      {text}
    </Typography>
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{total}</Typography>
      {showsTax && caption(`Net ${formatAmount(netCents(row), row.currency)}`)}
      {showsTax &&
        caption(`Tax ${row.taxCents === 0 ? '—' : formatAmount(row.taxCents, row.currency)}`)}
      {discount !== null && caption(discount)}
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
