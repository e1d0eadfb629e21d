import { PricingMessages, hasValidDecimals, toMinorUnits } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { ProductRow } from './catalog.repo.js';

type Pricing = Pick<ProductRow, 'payWhatYouWant' | 'minimumPriceCents'>;

/**
 * Pay what you want as a write stores it: off unless asked for (an edit that does not say keeps
 * what the product had), and a minimum from 0 up to the price, which stays the suggestion.
 */
export function pricingOf(
  body: { payWhatYouWant?: boolean | undefined; minimumPrice?: number | null | undefined },
  priceCents: number,
  currency: string,
  current?: Pricing,
): Pricing {
  const isOn = body.payWhatYouWant ?? current?.payWhatYouWant === 1;
  if (!isOn) return { payWhatYouWant: 0, minimumPriceCents: null };
  let minimumCents = current?.minimumPriceCents ?? 0;
  if (body.minimumPrice !== undefined) {
    const minimum = body.minimumPrice ?? 0;
    if (!hasValidDecimals(minimum, currency)) throw refuse();
    minimumCents = toMinorUnits(minimum, currency);
  }
  if (minimumCents > priceCents) throw refuse();
  return { payWhatYouWant: 1, minimumPriceCents: minimumCents };
}

const refuse = () =>
  AppError.badRequest(PricingMessages.minimumInvalid, {
    minimumPrice: [PricingMessages.minimumInvalid],
  });
