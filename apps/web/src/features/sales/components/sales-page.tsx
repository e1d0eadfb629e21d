import { SalesMessages, formatCents, type SalesResponse } from '@bindery/shared';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { useSales } from '../api/get-sales';

// The chart library is the heaviest part of the page: it comes after the figures.
const SalesChart = lazy(() => import('./sales-chart'));

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Quick ranges, counted back from the last day of the range shown (the store's today). */
const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
] as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 140 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** The owner's sales overview: totals, revenue per day, best sellers, for a range of days. */
export function SalesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = {
    from: searchParams.get('from') ?? undefined,
    to: searchParams.get('to') ?? undefined,
  };
  const sales = useSales(range);
  const data = sales.data;

  const show = (from: string, to: string) => setSearchParams({ from, to });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {SalesMessages.title}
        </Typography>
        <Typography color="textSecondary">
          Paid orders by the day they were paid
          {data ? ` (${data.timeZone} time)` : ''}. Refunded orders count under Refunded only.
        </Typography>
      </Box>

      {(data || sales.isError) && (
        <RangePicker
          key={`${data?.from ?? range.from}:${data?.to ?? range.to}`}
          from={data?.from ?? range.from ?? ''}
          to={data?.to ?? range.to ?? ''}
          onShow={show}
        />
      )}

      {sales.isError && (
        <RetryAlert onRetry={() => void sales.refetch()}>
          <AlertTitle>{SalesMessages.loadFailed}</AlertTitle>
          {sales.error instanceof ApiError && sales.error.serverMessage}
        </RetryAlert>
      )}

      {sales.isPending ? (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 10 }}>
          <CircularProgress aria-hidden />
          <Typography color="textSecondary">Loading sales...</Typography>
        </Stack>
      ) : data ? (
        <Stack spacing={3}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} aria-label="Totals" role="group">
            <Figure label="Revenue" value={formatCents(data.revenueCents)} />
            <Figure label="Orders" value={data.orders.toLocaleString('en-US')} />
            <Figure label="Refunded" value={formatCents(data.refundedCents)} />
          </Stack>

          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="sales-per-day"
            sx={{ p: 2 }}
          >
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
                  <SalesChart days={data.days} />
                </Suspense>
              </Box>
            )}
            <DaysTable data={data} />
          </Paper>

          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="top-products"
            sx={{ p: 2 }}
          >
            <Typography
              id="top-products"
              component="h2"
              variant="h6"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              Top products
            </Typography>
            {data.topProducts.length === 0 ? (
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
                      Revenue
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.topProducts.map((product) => (
                    <TableRow key={product.productId}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{product.title}</TableCell>
                      <TableCell align="right">{product.orders}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatCents(product.revenueCents)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        </Stack>
      ) : null}
    </Container>
  );
}

/** The figures behind the chart as a table, for screen readers. */
function DaysTable({ data }: { data: SalesResponse }) {
  return (
    // Hidden by its wrapper: a table's own layout ignores the 1 px box of the hiding rule.
    <div className="visually-hidden">
      <Table size="small" aria-label="Revenue per day">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Orders</TableCell>
            <TableCell>Revenue</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.days.map((day) => (
            <TableRow key={day.date}>
              <TableCell>{day.date}</TableCell>
              <TableCell>{day.orders}</TableCell>
              <TableCell>{formatCents(day.revenueCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Two dates and Show, plus quick ranges ending on the range's last day. */
function RangePicker({
  from: shownFrom,
  to: shownTo,
  onShow,
}: {
  from: string;
  to: string;
  onShow: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(shownFrom);
  const [to, setTo] = useState(shownTo);
  // Presets end on the range's last day, or today when no range could be shown.
  const last = /^\d{4}-\d{2}-\d{2}$/.test(shownTo) ? shownTo : isoDate(Date.now());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) onShow(from, to);
  };
  const end = Date.parse(`${last}T00:00:00Z`);
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      <Box
        component="form"
        aria-label="Date range"
        onSubmit={submit}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained">
          Show
        </Button>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {PRESETS.map((preset) => (
          <Button
            key={preset.label}
            size="small"
            variant="outlined"
            onClick={() => onShow(isoDate(end - (preset.days - 1) * DAY_MS), last)}
          >
            {preset.label}
          </Button>
        ))}
        <Button
          size="small"
          variant="outlined"
          onClick={() => onShow(`${last.slice(0, 4)}-01-01`, last)}
        >
          This year
        </Button>
      </Stack>
    </Stack>
  );
}
