import type { CurrencyTotals } from '@bindery/shared';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatAmount } from '../../../lib/money';

/**
 * The range's totals per currency, for a store whose orders were paid in more than one (it
 * changed STORE_CURRENCY): amounts of different currencies are never added together.
 */
export function CurrencyTotalsTable({
  totals,
  withTax = false,
}: {
  totals: CurrencyTotals[];
  /** Revenue net of tax, with the tax collected beside it. */
  withTax?: boolean;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sales-currencies" sx={{ p: 2 }}>
      <Typography id="sales-currencies" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        By currency
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Orders keep the currency they were paid in; the figures above count the store’s own.
      </Typography>
      <Table size="small" aria-labelledby="sales-currencies">
        <TableHead>
          <TableRow>
            <TableCell>Currency</TableCell>
            <TableCell align="right">Orders</TableCell>
            <TableCell align="right">{withTax ? 'Revenue, net of tax' : 'Revenue'}</TableCell>
            {withTax && <TableCell align="right">Tax collected</TableCell>}
            <TableCell align="right">Refunded</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {totals.map((row) => (
            <TableRow key={row.currency}>
              <TableCell>{row.currency}</TableCell>
              <TableCell align="right">{row.orders}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatAmount(row.revenueCents, row.currency)}
              </TableCell>
              {withTax && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(row.taxCents, row.currency)}
                </TableCell>
              )}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatAmount(row.refundedCents, row.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
