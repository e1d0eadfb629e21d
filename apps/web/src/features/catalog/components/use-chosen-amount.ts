import {
  PRODUCT_LIMITS,
  PricingMessages,
  hasValidDecimals,
  priceDecimals,
  toMinorUnits,
  type DiscountLookup,
  type Product,
} from '@bindery/shared';
import { useState } from 'react';
import { formatProductPrice } from '../../../lib/money';

export interface ChosenAmount {
  /** What the field shows: the buyer's text, or the suggestion until they type. */
  text: string;
  setText: (text: string) => void;
  /** The amount to send, when the text is one the server would take. */
  amount: number | undefined;
  /** Why the text cannot be paid, in the shared texts; the server checks again. */
  error: string | undefined;
  /** The floor the buyer may go down to, as a line under the field. */
  hint: string;
}

/** The lowest amount, in minor units: the product's minimum, or the lower one a code leaves. */
function minimumCentsOf(product: Product, discount: DiscountLookup | undefined): number {
  const minimum = discount?.minimumPrice ?? product.minimumPrice ?? 0;
  return toMinorUnits(minimum, product.currency);
}

/** The field's text for an amount, with the currency's decimals ("12.00", "1500"). */
const amountText = (amount: number, currency: string) => amount.toFixed(priceDecimals(currency));

/** The reason `text` cannot be paid for the product, or undefined with the amount it reads as. */
function checkAmount(
  text: string,
  product: Product,
  minimumCents: number,
): { amount?: number; error?: string } {
  const { currency } = product;
  // A decimal comma reads as a point: 12,50 is 12.50 in many of the store's locales.
  const cleaned = text
    .trim()
    .replace(/^[^\d.,-]+|[^\d.,]+$/g, '')
    .replace(',', '.');
  const amount = cleaned === '' ? Number.NaN : Number(cleaned);
  if (!Number.isFinite(amount) || amount < 0) return { error: PricingMessages.amountInvalid };
  if (!hasValidDecimals(amount, currency)) {
    return {
      error:
        priceDecimals(currency) === 0
          ? PricingMessages.amountWholeIn(currency)
          : PricingMessages.amountDecimals,
    };
  }
  if (amount > PRODUCT_LIMITS.priceMax) {
    return {
      error: PricingMessages.amountTooHigh(formatProductPrice(PRODUCT_LIMITS.priceMax, currency)),
    };
  }
  if (toMinorUnits(amount, currency) < minimumCents) {
    const minimum = formatProductPrice(minimumCents / 10 ** priceDecimals(currency), currency);
    return { error: PricingMessages.amountBelowMinimum(minimum) };
  }
  return { amount };
}

/**
 * The amount a buyer chooses for a pay-what-you-want product: the field starts at the price
 * (with a code, the price with it) and follows the code until the buyer types their own.
 */
export function useChosenAmount(
  product: Product,
  discount: DiscountLookup | undefined,
): ChosenAmount {
  const [typed, setTyped] = useState<string | null>(null);
  const suggested = discount ? discount.price : product.price;
  const text = typed ?? amountText(suggested, product.currency);
  const minimumCents = minimumCentsOf(product, discount);
  const { amount, error } = checkAmount(text, product, minimumCents);
  const minimum = formatProductPrice(
    minimumCents / 10 ** priceDecimals(product.currency),
    product.currency,
  );
  return {
    text,
    setText: setTyped,
    amount,
    error,
    hint: minimumCents > 0 ? `At least ${minimum}.` : `Any amount; ${minimum} gets it for free.`,
  };
}
