const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Jan 2, 2026" in the reader's time zone, or "" for a date that cannot be read. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderDate.format(date);
}
