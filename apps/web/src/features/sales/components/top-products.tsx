import type { SalesResponse } from '@bindery/shared';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatAmount } from '../../../lib/money';

/** The range's best sellers: orders and revenue per product, in the store's currency. */
export function TopProducts({
  products,
  currency,
  withTax = false,
}: {
  products: SalesResponse['topProducts'];
  currency: string;
  /** The store charges tax: the revenue is said to be net of it. */
  withTax?: boolean;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="top-products" sx={{ p: 2 }}>
      <Typography id="top-products" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
        Top products
      </Typography>
      {products.length === 0 ? (
        <Typography color="textSecondary">No sales in this range.</Typography>
      ) : (
        <Table size="small" aria-labelledby="top-products">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                Orders
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {withTax ? 'Net revenue' : 'Revenue'}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.map((product) => (
              <TableRow key={product.productId}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{product.title}</TableCell>
                <TableCell align="right">{product.orders}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(product.revenueCents, currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
