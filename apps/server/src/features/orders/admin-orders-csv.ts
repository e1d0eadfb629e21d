import { currencyExponent, type AdminOrder } from '@bindery/shared';
import type { OrderRow } from './orders.repo.js';

/** The columns of the orders export, in order. */
export const ORDER_CSV_HEADER = [
  'Order',
  'Placed (UTC)',
  'Customer',
  'Email',
  'Product',
  'Amount',
  'Currency',
  'Status',
  'Paid (UTC)',
  'Needs review',
  // Tax, after the columns existing readers know, so their places do not move.
  'Net',
  'Tax',
  'Country',
  'Tax ID',
] as const;

/** Lines end CRLF, as RFC 4180 has it. */
const EOL = '\r\n';

/**
 * One text cell. A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage
 * return before one) gets a leading apostrophe, so opening the export runs nothing a buyer typed
 * into a name or the seller into a title; a cell with a comma, quote or line break is quoted,
 * its quotes doubled.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units as major ones with two decimals ("1250" → "12.50"), exactly, no float rounding. */
export function majorUnits(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units as major ones of their currency: two decimals, or none for yen ("1500"). */
export const majorUnitsIn = (cents: number, currency: string): string =>
  currencyExponent(currency) === 0 ? String(cents) : majorUnits(cents);

/** "2026-11-27 14:05:09": UTC, to the second, sorted as text and read by every spreadsheet. */
export function utcTime(iso: string | null): string {
  return iso === null ? '' : iso.replace('T', ' ').slice(0, 19);
}

export const csvHeaderLine = () => ORDER_CSV_HEADER.join(',') + EOL;

/** One order's line: the admin's view of it, and the currency its row was charged in. */
export function orderCsvLine(order: AdminOrder, row: Pick<OrderRow, 'currency'>): string {
  const cells = [
    String(order.orderNumber),
    utcTime(order.createdAt),
    csvText(order.user?.name ?? ''),
    csvText(order.user?.email ?? ''),
    csvText(order.product?.title ?? ''),
    majorUnitsIn(order.amountCents, row.currency),
    row.currency.toUpperCase(),
    order.status,
    utcTime(order.paidAt),
    csvText(order.reviewReason ?? ''),
    majorUnitsIn(order.amountCents - order.taxCents, row.currency),
    majorUnitsIn(order.taxCents, row.currency),
    csvText(order.buyerCountry ?? ''),
    csvText(order.buyerTaxId ?? ''),
  ];
  return cells.join(',') + EOL;
}

/** The export's file name, dated by the day it was made (UTC): "orders-2026-11-27.csv". */
export const csvFileName = (now: number) =>
  `orders-${new Date(now).toISOString().slice(0, 10)}.csv`;
