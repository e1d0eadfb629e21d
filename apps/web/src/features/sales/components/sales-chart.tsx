import { fromMinorUnits, type SalesDay } from '@bindery/shared';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatAxisAmount, formatProductPrice } from '../../../lib/money';

/** "Nov 24": a day's label under its bar. */
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  );

/** Revenue per day as bars; the figures are also in the page's text for screen readers. */
export default function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  return (
    <BarChart
      height={280}
      dataset={days.map((day) => ({
        date: shortDate(day.date),
        revenue: fromMinorUnits(day.revenueCents, currency),
      }))}
      xAxis={[{ scaleType: 'band', dataKey: 'date', tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ valueFormatter: (value: number) => formatAxisAmount(value, currency), width: 60 }]}
      series={[
        {
          dataKey: 'revenue',
          label: 'Revenue',
          valueFormatter: (value: number | null) => formatProductPrice(value ?? 0, currency),
        },
      ]}
      hideLegend
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
    />
  );
}
