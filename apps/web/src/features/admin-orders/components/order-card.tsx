import { OrderMessages } from '@bindery/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatOrderDateTime } from '../../../lib/format-order-date';
import type { AdminOrderRow } from '../api/list-orders';
import { CustomerCell, discountText, StatusCell, type OrderRowActions } from './order-cells';
import { orderNumberText } from './order-columns';
import { OrderActionButtons } from './order-row-actions';
import { AdminLicenseKey } from './admin-license-key';
import { formatAmount } from '../../../lib/money';
import { countryName, hasTaxDetails, netCents } from './order-tax';

/** "Net $10.00 · Tax $2.00 · France": what a taxed order's total is made of, and where from. */
function TaxLine({ row }: { row: AdminOrderRow }) {
  const parts = [
    `Net ${formatAmount(netCents(row), row.currency)}`,
    `Tax ${row.taxCents === 0 ? '—' : formatAmount(row.taxCents, row.currency)}`,
    ...(row.buyerCountry === null ? [] : [countryName(row.buyerCountry)]),
  ];
  return (
    <Typography variant="body2" color="textSecondary">
      {parts.join(' · ')}
    </Typography>
  );
}

/** An order on a phone: who, what, how much, its status and date, then every action in view. */
export function OrderCard({ row, ...actions }: { row: AdminOrderRow } & OrderRowActions) {
  return (
    <Stack spacing={1.25}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, minWidth: 0 }}>
        <Typography
          component="h2"
          variant="body1"
          color={row.product ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {row.product?.title ?? OrderMessages.productMissing}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 600, flexShrink: 0 }}>
          {formatAmount(row.amountCents, row.currency)}
        </Typography>
      </Box>
      {hasTaxDetails(row) && <TaxLine row={row} />}
      {row.discountCode !== null && (
        <Typography variant="body2" color="textSecondary">
          {discountText(row)}
        </Typography>
      )}
      <CustomerCell user={row.user} />
      <StatusCell row={row} />
      <AdminLicenseKey row={row} />
      <Typography variant="body2" color="textSecondary">
        {orderNumberText(row)} ·{' '}
        <time dateTime={row.createdAt}>{formatOrderDateTime(row.createdAt)}</time>
      </Typography>
      <OrderActionButtons row={row} {...actions} />
    </Stack>
  );
}
