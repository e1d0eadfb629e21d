import {
  DiscountMessages,
  hasValidDecimals,
  toMinorUnits,
  type DiscountBody,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import { addDays, startOfDate } from '../../lib/calendar-days.js';
import type { CatalogService } from '../catalog/index.js';
import type { DiscountRow } from './discounts.repo.js';

export interface DiscountFieldsContext {
  catalog: Pick<CatalogService, 'getProductSummaries'>;
  /** STORE_CURRENCY: an amount off is in it. */
  currency: string;
  /** STORE_TIME_ZONE: a date without a time is that whole day there. */
  timeZone: string;
  now: number;
}

/** A date as the owner wrote it, as a moment: a bare date starts (or ends) that whole day. */
function momentOf(text: string | null | undefined, edge: 'start' | 'end', timeZone: string) {
  if (!text) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(text);
  return startOfDate(edge === 'start' ? text : addDays(text, 1), timeZone);
}

const refuse = (field: string, message: string) =>
  AppError.badRequest(message, { [field]: [message] });

/**
 * The columns a discount body describes, checked against what its schema cannot know: one kind
 * of discount, an amount the currency can hold, an end after the start, products that exist.
 */
export async function discountFieldsOf(
  body: DiscountBody,
  { catalog, currency, timeZone, now }: DiscountFieldsContext,
): Promise<Omit<DiscountRow, 'id' | 'createdAt'>> {
  const percentOff = body.percentOff ?? null;
  const amountOff = body.amountOff ?? null;
  if (percentOff !== null && amountOff !== null) {
    throw refuse('amountOff', DiscountMessages.oneKind);
  }
  if (percentOff === null && amountOff === null) {
    throw refuse('percentOff', DiscountMessages.kindRequired);
  }
  if (amountOff !== null && !hasValidDecimals(amountOff, currency)) {
    throw refuse('amountOff', DiscountMessages.amountDecimals(currency));
  }
  const startsAt = momentOf(body.startsAt, 'start', timeZone);
  const endsAt = momentOf(body.endsAt, 'end', timeZone);
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    throw refuse('endsAt', DiscountMessages.endBeforeStart);
  }
  const productIds = [...new Set(body.productIds ?? [])];
  const known = await catalog.getProductSummaries(productIds);
  const unknown = productIds.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw refuse('productIds', DiscountMessages.productUnknown(unknown));
  }
  return {
    code: body.code,
    codeKey: body.code.toLowerCase(),
    percentOff,
    amountOffCents: amountOff === null ? null : toMinorUnits(amountOff, currency),
    currency: currency.toLowerCase(),
    productIds: JSON.stringify(productIds),
    startsAt,
    endsAt,
    maxRedemptions: body.maxRedemptions ?? null,
    updatedAt: now,
  };
}
