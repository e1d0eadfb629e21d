import type { TaxBehavior } from '@bindery/shared';

/** What paying a session charges: minor units of its currency. */
export interface TestCharge {
  /** The price, as Stripe's `amount_subtotal` (tax included in it when the price includes tax). */
  subtotal: number;
  tax: number;
  total: number;
}

/** A decimal percentage ("20", "8.875") in thousandths of a percent, so sums stay whole. */
const thousandthsOf = (rate: string) => Math.round(Number(rate) * 1000);

/** a / b rounded half up, for whole a ≥ 0 and b > 0. */
const divideRoundingHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * The charge for a price at a rate, as Stripe Tax computes it: tax added on top is
 * price × rate / 100 rounded half up; tax included is what is left once the price is taken
 * back to before tax, price − round(price × 100 / (100 + rate)).
 */
export function chargeOf(price: number, behavior: TaxBehavior, rate: string): TestCharge {
  const rateThousandths = thousandthsOf(rate);
  if (behavior === 'exclusive') {
    const tax = divideRoundingHalfUp(price * rateThousandths, 100_000);
    return { subtotal: price, tax, total: price + tax };
  }
  const net = divideRoundingHalfUp(price * 100_000, 100_000 + rateThousandths);
  return { subtotal: price, tax: price - net, total: price };
}

/** The charge of a session that asks for tax; null when it asks for none. */
export function sessionChargeOf(session: {
  amountCents: number;
  taxBehavior: TaxBehavior | null;
  taxRate: string | null;
}): TestCharge | null {
  if (session.taxBehavior === null || session.taxRate === null) return null;
  return chargeOf(session.amountCents, session.taxBehavior, session.taxRate);
}
