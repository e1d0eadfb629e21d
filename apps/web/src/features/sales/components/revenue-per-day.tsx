import type { SalesResponse } from '@bindery/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { DaysTable } from './days-table';

// The chart library is the heaviest part of the page: it comes after the figures.
const SalesChart = lazy(() => import('./sales-chart'));

/**
 * Revenue per day: the chart, with its figures as a table for screen readers; with `withTax`,
 * each day's revenue net of tax and its tax stacked on it.
 */
export function RevenuePerDay({ data, withTax }: { data: SalesResponse; withTax: boolean }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sales-per-day" sx={{ p: 2 }}>
      <Typography id="sales-per-day" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        Revenue per day
      </Typography>
      {data.orders === 0 ? (
        <Typography color="textSecondary" sx={{ py: 4 }}>
          No paid orders in this range.
        </Typography>
      ) : (
        <Box sx={{ minWidth: 0 }}>
          <Suspense fallback={<Box sx={{ height: 280 }} />}>
            <SalesChart days={data.days} currency={data.currency} withTax={withTax} />
          </Suspense>
        </Box>
      )}
      <DaysTable data={data} withTax={withTax} />
    </Paper>
  );
}
