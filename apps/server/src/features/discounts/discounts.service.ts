import { randomBytes } from 'node:crypto';
import {
  CatalogMessages,
  DISCOUNT_MAX_COUNT,
  DiscountMessages,
  fromMinorUnits,
  type Discount,
  type DiscountBody,
  type DiscountList,
  type DiscountLookup,
} from '@bindery/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import { discountFieldsOf } from './discount-fields.js';
import { discountOn, refusalOf, termsOf } from './discount-terms.js';
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

    /**
     * The product's price with the code, as the product page shows it: 404 for an unknown code
     * or product, 409 with the reason when the code does not apply now.
     */
    async lookup(code: string, productId: string): Promise<DiscountLookup> {
      const product = await catalog.getProductForSale(productId);
      if (!product) throw AppError.notFound(CatalogMessages.productNotFound);
      const row = await repo.findByCode(code);
      if (!row) throw AppError.notFound(DiscountMessages.unknownCode);
      const terms = termsOf(row);
      const refusal = refusalOf(terms, {
        productId,
        currency: product.currency,
        now: clock(),
        taken: await repo.countTaken(row.id),
      });
      if (refusal) throw AppError.conflict(refusal);
      const priceCents = product.priceCents - discountOn(product.priceCents, terms);
      return {
        code: row.code,
        price: fromMinorUnits(priceCents, product.currency),
        priceCents,
        fullPrice: fromMinorUnits(product.priceCents, product.currency),
        currency: product.currency.toUpperCase(),
      };
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
