/** Money is integer cents inside Bindery; dollars appear only at the API edge and on screen. */

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** True when a dollar amount has at most two decimals (12.5 and 12.50 yes, 12.505 no). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$12.50" from 1250 cents. */
export function formatCents(cents: number): string {
  return `$${usd.format(cents / 100)}`;
}

/** "$12.50" from 12.5 dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}
