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
import type { OrdersService } from '../orders/index.js';
import { addDays, dateIn, dayRanges, daysBetween } from '../../lib/calendar-days.js';
import type { SalesDayRange, SalesRepo } from './sales.repo.js';
import { splitAtUtcDays } from './top-products.repo.js';

export interface SalesServiceOptions {
  repo: SalesRepo;
  /** The orders paid in the hours the whole days leave out, for the best sellers. */
  orders: Pick<OrdersService, 'paidSalesByProduct'>;
  catalog: Pick<CatalogService, 'getProductSummaries'>;
  /** STORE_TIME_ZONE: where the overview's days begin and end. */
  timeZone: string;
  /** STORE_CURRENCY (ISO 4217 upper case): the currency the overview's main figures are in. */
  currency: string;
  clock?: () => number;
}

/**
 * The owner's sales overview (decision 018): paid revenue per calendar day of the store's time
 * zone, refunds, and the best sellers, for a range of at most a year (the last 30 days unless
 * asked). Given only `from`, the range runs to today; given only `to`, it is the 30 days up to it.
 */
export function createSalesService({
  repo,
  orders,
  catalog,
  timeZone,
  currency,
  clock = Date.now,
}: SalesServiceOptions) {
  // The totals keep currencies as the orders do, in lower case.
  const stored = currency.toLowerCase();

  /**
   * Paid revenue per day, refunds and best sellers in the store's currency, and every
   * currency's totals, from the running totals (decisions 018, 030).
   */
  async function readReport(days: SalesDayRange[], topLimit: number) {
    const start = days[0]!.start;
    const end = days.at(-1)!.end;
    const [byDay, totals, top] = await Promise.all([
      repo.salesByDay(days, stored),
      repo.totalsByCurrency(start, end),
      orders
        .paidSalesByProduct(splitAtUtcDays(start, end).hours, stored)
        .then((hours) => repo.topProductsBetween(start, end, topLimit, hours, stored)),
    ]);
    const own = totals.find((row) => row.currency === stored);
    const others = totals.filter((row) => row.currency !== stored);
    const currencies = [
      {
        currency: stored,
        revenueCents: 0,
        orders: 0,
        refundedCents: 0,
        taxCents: 0,
        discountCents: 0,
        ...own,
      },
      ...others,
    ].map((row) => ({ ...row, currency: row.currency.toUpperCase() }));
    return {
      byDay,
      refundedCents: own?.refundedCents ?? 0,
      discountCents: own?.discountCents ?? 0,
      top,
      currencies,
    };
  }

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
      const report = await readReport(days, SALES_TOP_PRODUCTS);
      const titles = await catalog.getProductSummaries(report.top.map((row) => row.productId));
      return {
        from,
        to,
        timeZone,
        currency,
        revenueCents: report.byDay.reduce((sum, day) => sum + day.revenueCents, 0),
        taxCents: report.byDay.reduce((sum, day) => sum + day.taxCents, 0),
        refundedCents: report.refundedCents,
        discountCents: report.discountCents,
        orders: report.byDay.reduce((sum, day) => sum + day.orders, 0),
        days: report.byDay,
        topProducts: report.top.map((row) => ({
          ...row,
          title: titles.get(row.productId)?.title ?? SalesMessages.deletedProduct,
        })),
        currencies: report.currencies,
      };
    },
  };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

export type SalesService = ReturnType<typeof createSalesService>;
