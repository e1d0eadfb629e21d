import {
  SALES_DEFAULT_DAYS,
  SALES_MAX_DAYS,
  SALES_TOP_PRODUCTS,
  SalesMessages,
  type SalesQuery,
  type SalesResponse,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrdersService } from '../orders/orders.service.js';
import { addDays, dateIn, dayRanges, daysBetween } from './calendar-days.js';

export interface SalesServiceOptions {
  orders: Pick<OrdersService, 'salesReport'>;
  catalog: Pick<CatalogService, 'getProductSummaries'>;
  /** STORE_TIME_ZONE: where the overview's days begin and end. */
  timeZone: string;
  clock?: () => number;
}

/**
 * The owner's sales overview (decision 018): paid revenue per calendar day of the store's time
 * zone, refunds, and the best sellers, for a range of at most a year (the last 30 days unless
 * asked). Given only `from`, the range runs to today; given only `to`, it is the 30 days up to it.
 */
export function createSalesService({
  orders,
  catalog,
  timeZone,
  clock = Date.now,
}: SalesServiceOptions) {
  return {
    async overview(query: SalesQuery): Promise<SalesResponse> {
      const today = dateIn(clock(), timeZone);
      const to = query.to ?? (query.from ? maxDate(query.from, today) : today);
      const from = query.from ?? addDays(to, -(SALES_DEFAULT_DAYS - 1));
      if (from > to) {
        throw AppError.badRequest(SalesMessages.fromAfterTo, { from: [SalesMessages.fromAfterTo] });
      }
      if (daysBetween(from, to) > SALES_MAX_DAYS) {
        throw AppError.badRequest(SalesMessages.rangeTooLong, { to: [SalesMessages.rangeTooLong] });
      }
      const days = dayRanges(from, to, timeZone);
      const report = await orders.salesReport(days, SALES_TOP_PRODUCTS);
      const titles = await catalog.getProductSummaries(report.top.map((row) => row.productId));
      return {
        from,
        to,
        timeZone,
        revenueCents: report.byDay.reduce((sum, day) => sum + day.revenueCents, 0),
        refundedCents: report.refundedCents,
        orders: report.byDay.reduce((sum, day) => sum + day.orders, 0),
        days: report.byDay,
        topProducts: report.top.map((row) => ({
          ...row,
          title: titles.get(row.productId)?.title ?? SalesMessages.deletedProduct,
        })),
      };
    },
  };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

export type SalesService = ReturnType<typeof createSalesService>;
