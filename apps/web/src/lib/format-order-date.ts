/** Order dates as the order screens, the admin's orders and the outbox show them. */
const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Jan 2, 2026" in the reader's time zone, or "" for a date that cannot be read. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderDate.format(date);
}

/** Date and time in the reader's language and time zone ("12 Nov 2026, 14:05" in en-GB). */
const orderDateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** When an order was placed, with the time: a buyer may place several on one day. */
export function formatOrderDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderDateTime.format(date);
}
