import { SalesMessages } from '@bindery/shared';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/money';
import { useSales } from '../api/get-sales';
import { CurrencyTotalsTable } from './currency-totals';
import { RangePicker } from './range-picker';
import { RevenuePerDay } from './revenue-per-day';
import { salesHaveTax } from './sales-tax';
import { TopProducts } from './top-products';

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
  const withTax = data ? salesHaveTax(data) : false;

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
            <Figure
              label={withTax ? 'Revenue, net of tax' : 'Revenue'}
              value={formatAmount(data.revenueCents, data.currency)}
            />
            {withTax && (
              <Figure label="Tax collected" value={formatAmount(data.taxCents, data.currency)} />
            )}
            <Figure label="Orders" value={data.orders.toLocaleString('en-US')} />
            <Figure label="Refunded" value={formatAmount(data.refundedCents, data.currency)} />
            {data.discountCents > 0 && (
              <Figure
                label="Discounts given"
                value={formatAmount(data.discountCents, data.currency)}
              />
            )}
          </Stack>

          <RevenuePerDay data={data} withTax={withTax} />

          <TopProducts products={data.topProducts} currency={data.currency} withTax={withTax} />

          {data.currencies.length > 1 && (
            <CurrencyTotalsTable totals={data.currencies} withTax={withTax} />
          )}
        </Stack>
      ) : null}
    </Container>
  );
}
