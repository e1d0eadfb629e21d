import type { Db } from '../../db/client.js';
import type { OrdersTable } from '../../db/types.js';

/**
 * What of an order the sales totals depend on (its currency never changes; the amount and tax
 * are set when it is paid).
 */
export type SalesFacts = Pick<
  OrdersTable,
  'status' | 'paidAt' | 'amountCents' | 'taxCents' | 'discountCents' | 'productId' | 'currency'
>;

/**
 * Where a change of an order's sales facts is recorded, in the order's own transaction
 * (`within`), so the totals never disagree with the orders. The sales feature provides it at
 * wiring: orders does not know how the totals are kept.
 */
export interface SalesRecorder {
  recordSalesChange(before: SalesFacts | undefined, after: SalesFacts, within: Db): Promise<void>;
}

/** Paid orders of one product over some hours: what the overview cannot read from whole days. */
export interface ProductSales {
  productId: string;
  revenueCents: number;
  orders: number;
}

/** A span of time, [start, end) in milliseconds. */
export interface TimeRange {
  start: number;
  end: number;
}
