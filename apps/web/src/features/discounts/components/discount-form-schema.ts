import {
  DiscountBodySchema,
  DiscountMessages,
  type Discount,
  type DiscountBody,
} from '@bindery/shared';
import { z } from 'zod';
import { dateInputValueOf } from './discount-text';

export type DiscountKind = 'percent' | 'amount';

/** The form's values as its inputs hold them: text, a kind toggle, the products' ids. */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  percentOff: string;
  amountOff: string;
  productIds: string[];
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
}

/** An input's text as the shared schema reads it: empty is none, anything else a number. */
const numberOrNone = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? null : Number(value.trim())) : value;

const { code, percentOff, amountOff, productIds, startsAt, endsAt, maxRedemptions } =
  DiscountBodySchema.shape;

/** The shared body's rules on the form's text, plus the kind the toggle chose. */
export const DiscountFormSchema = z
  .object({
    code,
    kind: z.enum(['percent', 'amount']),
    percentOff: z.preprocess(numberOrNone, percentOff),
    amountOff: z.preprocess(numberOrNone, amountOff),
    productIds: productIds.unwrap(),
    startsAt,
    endsAt,
    maxRedemptions: z.preprocess(numberOrNone, maxRedemptions),
  })
  .superRefine((values, context) => {
    const [field, value] =
      values.kind === 'percent'
        ? (['percentOff', values.percentOff] as const)
        : (['amountOff', values.amountOff] as const);
    if (value === null || value === undefined) {
      context.addIssue({ code: 'custom', path: [field], message: DiscountMessages.kindRequired });
    }
    // Whole days: the last day may be the first (the end is the end of that day).
    const isDay = (text: string | null | undefined) => !!text && /^\d{4}-\d{2}-\d{2}$/.test(text);
    if (isDay(values.startsAt) && isDay(values.endsAt) && values.endsAt! < values.startsAt!) {
      context.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: DiscountMessages.endBeforeStart,
      });
    }
  });
export type DiscountFormOutput = z.output<typeof DiscountFormSchema>;

export const emptyDiscountForm: DiscountFormValues = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  productIds: [],
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
};

export function toFormValues(discount: Discount): DiscountFormValues {
  return {
    code: discount.code,
    kind: discount.percentOff !== null ? 'percent' : 'amount',
    percentOff: discount.percentOff !== null ? String(discount.percentOff) : '',
    amountOff: discount.amountOff !== null ? String(discount.amountOff) : '',
    productIds: discount.productIds,
    startsAt: dateInputValueOf(discount.startsAt, 'start'),
    endsAt: dateInputValueOf(discount.endsAt, 'end'),
    maxRedemptions: discount.maxRedemptions !== null ? String(discount.maxRedemptions) : '',
  };
}

/**
 * The body to send. A date left as it was is sent as the moment the server holds, so saving
 * other changes never moves it (a day in this browser's zone may not be the store's).
 */
export function toDiscountBody(values: DiscountFormOutput, original?: Discount): DiscountBody {
  const keep = (text: string | null | undefined, edge: 'start' | 'end') => {
    const held = edge === 'start' ? original?.startsAt : original?.endsAt;
    if (held && text === dateInputValueOf(held, edge)) return held;
    return text || null;
  };
  return {
    code: values.code,
    percentOff: values.kind === 'percent' ? (values.percentOff ?? null) : null,
    amountOff: values.kind === 'amount' ? (values.amountOff ?? null) : null,
    productIds: values.productIds,
    startsAt: keep(values.startsAt, 'start'),
    endsAt: keep(values.endsAt, 'end'),
    maxRedemptions: values.maxRedemptions ?? null,
  };
}
