import {
  PRODUCT_LIMITS,
  PricingMessages,
  formatMoney,
  hasValidDecimals,
  priceDecimals,
  toMinorUnits,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { DiscountQuote, DiscountsService, SaleProduct } from '../discounts/index.js';

/** What the buyer asked for beside the product: a code, an amount of their choosing. */
export interface ChargeAsked {
  discountCode?: string | undefined;
  amount?: number | undefined;
}

/** What a checkout charges, in minor units, and the code that took part of it off. */
export interface Charge {
  amountCents: number;
  discount: DiscountQuote | null;
}

export interface ChargeDeps {
  discounts: Pick<DiscountsService, 'quote'>;
  /** STORE_LOCALE: how a minimum is written in a refusal. */
  locale: string;
}

const refuseAmount = (message: string) => AppError.badRequest(message, { amount: [message] });

/**
 * The amount a checkout charges (decision 034), worked out on the server from the catalogue:
 * the price less the code's discount; for a pay-what-you-want product, the buyer's amount when
 * they gave one, never under the minimum (the code lowers it too). An amount for a fixed price
 * is ignored. 0 is a free download.
 */
export async function chargeFor(
  product: SaleProduct,
  asked: ChargeAsked,
  { discounts, locale }: ChargeDeps,
): Promise<Charge> {
  const discount = asked.discountCode ? await discounts.quote(asked.discountCode, product) : null;
  const priceCents = product.priceCents - (discount?.discountCents ?? 0);
  if (product.minimumPriceCents === null || asked.amount === undefined) {
    return { amountCents: priceCents, discount };
  }
  const { amount } = asked;
  const { currency } = product;
  if (!hasValidDecimals(amount, currency)) {
    throw refuseAmount(
      priceDecimals(currency) === 0
        ? PricingMessages.amountWholeIn(currency)
        : PricingMessages.amountDecimals,
    );
  }
  if (amount > PRODUCT_LIMITS.priceMax) {
    const maximum = toMinorUnits(PRODUCT_LIMITS.priceMax, currency);
    throw refuseAmount(PricingMessages.amountTooHigh(formatMoney(maximum, currency, locale)));
  }
  const amountCents = toMinorUnits(amount, currency);
  const minimumCents = discount?.minimumPriceCents ?? product.minimumPriceCents;
  if (amountCents < minimumCents) {
    throw refuseAmount(
      PricingMessages.amountBelowMinimum(formatMoney(minimumCents, currency, locale)),
    );
  }
  return { amountCents, discount };
}
