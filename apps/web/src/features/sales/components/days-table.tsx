import type { SalesResponse } from '@bindery/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatAmount } from '../../../lib/money';

/** The figures behind the chart as a table, for screen readers. */
export function DaysTable({ data, withTax }: { data: SalesResponse; withTax: boolean }) {
  return (
    // Hidden by its wrapper: a table's own layout ignores the 1 px box of the hiding rule.
    <div className="visually-hidden">
      <Table size="small" aria-label="Revenue per day">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Orders</TableCell>
            <TableCell>{withTax ? 'Revenue, net of tax' : 'Revenue'}</TableCell>
            {withTax && <TableCell>Tax collected</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.days.map((day) => (
            <TableRow key={day.date}>
              <TableCell>{day.date}</TableCell>
              <TableCell>{day.orders}</TableCell>
              <TableCell>{formatAmount(day.revenueCents, data.currency)}</TableCell>
              {withTax && <TableCell>{formatAmount(day.taxCents, data.currency)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
