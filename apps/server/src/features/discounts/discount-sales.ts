import {
  CatalogMessages,
  DiscountMessages,
  fromMinorUnits,
  type DiscountLookup,
} from '@bindery/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import { discountOn, refusalOf, termsOf } from './discount-terms.js';
import type { DiscountsRepo } from './discounts.repo.js';

/** A product on sale, as checkout knows it: minor units of its currency. */
export interface SaleProduct {
  id: string;
  priceCents: number;
  currency: string;
  /** Pay what you want from this up; null for a fixed price. */
  minimumPriceCents: number | null;
}

/** What a code takes off one sale. */
export interface DiscountQuote {
  discountId: string;
  /** As the owner wrote it: what the order records. */
  code: string;
  discountCents: number;
  /** A pay-what-you-want product's minimum after the code; null for a fixed price. */
  minimumPriceCents: number | null;
}

/**
 * Codes at the point of sale: the product page's price with a code, and checkout's quote and
 * hold (decision 035).
 */
export function createDiscountSales({
  repo,
  catalog,
  clock,
}: {
  repo: DiscountsRepo;
  catalog: Pick<CatalogService, 'getProductForSale'>;
  clock: () => number;
}) {
  return {
    /**
     * What the code takes off a sale, for checkout: the price (and a pay-what-you-want
     * product's minimum) after it. 404 for an unknown code, 409 with the reason when it does not
     * apply now. Checkout then holds it for the order with `holdFor`, which checks again.
     */
    async quote(code: string, product: SaleProduct): Promise<DiscountQuote> {
      const row = await repo.findByCode(code);
      if (!row) throw AppError.notFound(DiscountMessages.unknownCode);
      const terms = termsOf(row);
      const refusal = refusalOf(terms, {
        productId: product.id,
        currency: product.currency,
        now: clock(),
        taken: await repo.countTaken(row.id),
      });
      if (refusal) throw AppError.conflict(refusal);
      const minimum = product.minimumPriceCents;
      return {
        discountId: row.id,
        code: row.code,
        discountCents: discountOn(product.priceCents, terms),
        minimumPriceCents: minimum === null ? null : minimum - discountOn(minimum, terms),
      };
    },

    /**
     * Holds one of the code's redemptions for a new order, inside the transaction that writes
     * it: the discount's row is locked, its terms checked again and its redemptions counted, so
     * with a maximum of N no more than N checkouts ever hold or redeem it, however many race.
     */
    holdFor: (discountId: string, product: SaleProduct) => async (within: Db, orderId: string) => {
      const queries = repo.within(within);
      const row = await queries.lockDiscount(discountId);
      if (!row) throw AppError.notFound(DiscountMessages.unknownCode);
      const refusal = refusalOf(termsOf(row), {
        productId: product.id,
        currency: product.currency,
        now: clock(),
        taken: await queries.countTaken(row.id),
      });
      if (refusal) throw AppError.conflict(refusal);
      await queries.hold(row.id, orderId, clock());
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
      const minimum = product.minimumPriceCents;
      return {
        code: row.code,
        price: fromMinorUnits(priceCents, product.currency),
        priceCents,
        fullPrice: fromMinorUnits(product.priceCents, product.currency),
        currency: product.currency.toUpperCase(),
        // As quote() lowers it at checkout, so the page checks the amount the server will.
        minimumPrice:
          minimum === null
            ? null
            : fromMinorUnits(minimum - discountOn(minimum, terms), product.currency),
      };
    },
  };
}
