import { fromMinorUnits, type SalesDay } from '@bindery/shared';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatAxisAmount, formatProductPrice } from '../../../lib/money';

/** "Nov 24": a day's label under its bar. */
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  );

interface SalesChartProps {
  days: SalesDay[];
  currency: string;
  /** Stack each day's tax on its revenue net of tax, with a legend naming both. */
  withTax?: boolean;
}

/** Revenue per day as bars; the figures are also in the page's text for screen readers. */
export default function SalesChart({ days, currency, withTax = false }: SalesChartProps) {
  const money = (value: number | null) => formatProductPrice(value ?? 0, currency);
  return (
    <BarChart
      height={280}
      dataset={days.map((day) => ({
        date: shortDate(day.date),
        revenue: fromMinorUnits(day.revenueCents, currency),
        tax: fromMinorUnits(day.taxCents, currency),
      }))}
      xAxis={[{ scaleType: 'band', dataKey: 'date', tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ valueFormatter: (value: number) => formatAxisAmount(value, currency), width: 60 }]}
      series={
        withTax
          ? [
              { dataKey: 'revenue', label: 'Net of tax', stack: 'total', valueFormatter: money },
              { dataKey: 'tax', label: 'Tax', stack: 'total', valueFormatter: money },
            ]
          : [{ dataKey: 'revenue', label: 'Revenue', valueFormatter: money }]
      }
      hideLegend={!withTax}
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
    />
  );
}
