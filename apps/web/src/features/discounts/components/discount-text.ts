import { toMinorUnits, type Discount } from '@bindery/shared';
import { formatAmount } from '../../../lib/money';
import { getStoreConfig } from '../../../lib/store-config';
import type { ProductChoice } from '../api/product-choices';

export type DiscountStatus = 'Active' | 'Scheduled' | 'Expired' | 'Used up';

/** "25 %" or "$3.00 off", in the currency the amount was saved in. */
export function discountAmountText(discount: Discount): string {
  if (discount.percentOff !== null) return `${discount.percentOff} %`;
  const amount = discount.amountOff ?? 0;
  return `${formatAmount(toMinorUnits(amount, discount.currency), discount.currency)} off`;
}

/** "All products", or the titles of the products it names. */
export function discountProductsText(
  discount: Discount,
  choices: readonly ProductChoice[] | undefined,
): string {
  if (discount.productIds.length === 0) return 'All products';
  const titles = new Map(choices?.map((choice) => [choice._id, choice.title]));
  return discount.productIds.map((id) => titles.get(id) ?? `Product ${id}`).join(', ');
}

/** "3 / 10" against a maximum, else the count alone. */
export function redemptionsText(discount: Discount): string {
  return discount.maxRedemptions === null
    ? String(discount.redemptions)
    : `${discount.redemptions} / ${discount.maxRedemptions}`;
}

/** Where the discount stands now: used up first, then its dates. */
export function discountStatusOf(discount: Discount, now = Date.now()): DiscountStatus {
  if (discount.endsAt !== null && Date.parse(discount.endsAt) <= now) return 'Expired';
  if (discount.maxRedemptions !== null && discount.redemptions >= discount.maxRedemptions) {
    return 'Used up';
  }
  if (discount.startsAt !== null && Date.parse(discount.startsAt) > now) return 'Scheduled';
  return 'Active';
}

const dateFormat = () => new Intl.DateTimeFormat(getStoreConfig().locale, { dateStyle: 'medium' });

/** The last moment a discount is valid: its end is the first moment it is not. */
const lastMomentOf = (endsAt: string) => new Date(Date.parse(endsAt) - 1);

/** "Mar 1, 2026 – Mar 31, 2026", "From Mar 1, 2026", "Until Mar 31, 2026" or "Any time". */
export function discountDatesText(discount: Discount): string {
  const format = dateFormat();
  const start = discount.startsAt ? format.format(new Date(discount.startsAt)) : null;
  const end = discount.endsAt ? format.format(lastMomentOf(discount.endsAt)) : null;
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'Any time';
}

/** A moment as the date input shows it (`YYYY-MM-DD`, this browser's day); '' for none. */
export function dateInputValueOf(iso: string | null, edge: 'start' | 'end'): string {
  if (!iso) return '';
  const moment = edge === 'end' ? lastMomentOf(iso) : new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}
