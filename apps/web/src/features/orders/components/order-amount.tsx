import Typography from '@mui/material/Typography';
import { formatAmount } from '../../../lib/money';
import type { MyOrder } from '../api/get-my-orders';

/** The order's total and, when it was taxed, "incl. €3.98 tax" under it in small text. */
export function OrderAmount({
  order,
}: {
  order: Pick<MyOrder, 'amountCents' | 'taxCents' | 'currency'>;
}) {
  const total = formatAmount(order.amountCents, order.currency);
  if (order.taxCents === 0) return <>{total}</>;
  return (
    <>
      {total}
      <Typography
        component="span"
        variant="caption"
        color="textSecondary"
        sx={{ display: 'block' }}
      >
        incl. {formatAmount(order.taxCents, order.currency)} tax
      </Typography>
    </>
  );
}
