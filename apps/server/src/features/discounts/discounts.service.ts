import { randomBytes } from 'node:crypto';
import {
  DISCOUNT_MAX_COUNT,
  DiscountMessages,
  type Discount,
  type DiscountBody,
  type DiscountList,
} from '@bindery/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import { discountFieldsOf } from './discount-fields.js';
import { createDiscountSales } from './discount-sales.js';
import { toDiscount } from './discount-views.js';
import type { DiscountRow, DiscountsRepo } from './discounts.repo.js';

export interface DiscountsServiceOptions {
  repo: DiscountsRepo;
  catalog: Pick<CatalogService, 'getProductForSale' | 'getProductSummaries'>;
  /** STORE_CURRENCY: an amount off is in it. */
  currency: string;
  /** STORE_TIME_ZONE: a date without a time is that whole day there. */
  timeZone: string;
  clock?: () => number;
}

const newDiscountId = () => randomBytes(12).toString('base64url');

/**
 * Discount codes (decision 034): the owner's list, and a code's price for a product as the
 * product page asks it. Checkout holds and redeems codes through `hold…` (later in this file's
 * siblings), on the same terms.
 */
export function createDiscountsService({
  repo,
  catalog,
  currency,
  timeZone,
  clock = Date.now,
}: DiscountsServiceOptions) {
  const rowOf = (body: DiscountBody) =>
    discountFieldsOf(body, { catalog, currency, timeZone, now: clock() });

  /** Runs a write that may meet another discount's code: 409 instead of the database's error. */
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(DiscountMessages.codeTaken);
      throw error;
    }
  }

  async function readDiscount(id: string): Promise<Discount> {
    const [row] = await repo.listDiscounts(1, id);
    if (!row) throw AppError.notFound(DiscountMessages.notFound);
    return toDiscount(row);
  }

  return {
    ...createDiscountSales({ repo, catalog, clock }),

    async listDiscounts(): Promise<DiscountList> {
      const rows = await repo.listDiscounts(DISCOUNT_MAX_COUNT);
      return { discounts: rows.map(toDiscount) };
    },

    async createDiscount(body: DiscountBody): Promise<Discount> {
      const fields = await rowOf(body);
      if ((await repo.countDiscounts()) >= DISCOUNT_MAX_COUNT) {
        throw AppError.conflict(DiscountMessages.tooMany);
      }
      const row: DiscountRow = { id: newDiscountId(), createdAt: fields.updatedAt, ...fields };
      await saving(() => repo.insertDiscount(row));
      return toDiscount(row);
    },

    async updateDiscount(id: string, body: DiscountBody): Promise<Discount> {
      const fields = await rowOf(body);
      const updated = await saving(() => repo.updateDiscount(id, fields));
      if (!updated) throw AppError.notFound(DiscountMessages.notFound);
      return readDiscount(id);
    },

    async deleteDiscount(id: string): Promise<void> {
      const deleted = await repo.transaction((tx) => tx.deleteDiscount(id));
      if (!deleted) throw AppError.notFound(DiscountMessages.notFound);
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
