import type { SalesResponse } from '@bindery/shared';

/**
 * The chart as the screen tests see it: its input as text, each day as "date revenue+tax", then
 * " stacked" when it stacks tax on revenue. The chart itself draws SVG with measured layout, which
 * jsdom cannot; the browser tests see it. One stand-in for every test file, since the files share
 * a module registry (vitest runs them without isolation).
 */
export default function SalesChart({
  days,
  withTax,
}: {
  days: SalesResponse['days'];
  withTax?: boolean;
}) {
  return (
    <div data-testid="chart">
      {days.map((day) => `${day.date} ${day.revenueCents}+${day.taxCents}`).join(',')}
      {withTax ? ' stacked' : ''}
    </div>
  );
}
