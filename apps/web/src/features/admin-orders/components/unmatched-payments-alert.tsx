import type { UnmatchedPayment } from '@bindery/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { formatOrderDate } from '../../../lib/format-order-date';
import { formatAmount } from '../../../lib/money';

/** The payment's amount in the currency it was made in (the store's when the provider said none). */
function formatPaymentAmount({ amountCents, currency }: UnmatchedPayment): string {
  if (amountCents === null) return 'Unknown amount';
  return formatAmount(amountCents, currency);
}

/**
 * Money that arrived for orders the store no longer has: only the owner can return it, at the
 * payment provider, so it stays in view until the provider's records are settled.
 */
export function UnmatchedPaymentsAlert({ payments }: { payments: UnmatchedPayment[] }) {
  if (payments.length === 0) return null;
  const many = payments.length > 1;
  return (
    <Alert severity="warning" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0 } }}>
      <AlertTitle>
        {many
          ? `${payments.length} payments arrived for orders the store no longer has`
          : 'A payment arrived for an order the store no longer has'}
      </AlertTitle>
      {many ? 'Refund them' : 'Refund it'} at your payment provider: the store cannot return this
      money itself.
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {payments.map((payment) => (
          <Box component="li" key={payment._id} sx={{ overflowWrap: 'anywhere' }}>
            <strong>{formatPaymentAmount(payment)}</strong>
            {' · '}
            {payment.paymentIntentId ?? 'no payment id'} ({payment.provider}){' · '}
            <time dateTime={payment.createdAt}>{formatOrderDate(payment.createdAt)}</time>
            {' · '}
            {payment.reason}
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
