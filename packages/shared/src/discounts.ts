import { z } from 'zod';

/** A discount code: letters, digits, `-` and `_`; matched without regard to case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const DISCOUNT_CODE_MAX_LENGTH = 40;
/** The most products one discount may name (more: leave it for every product). */
export const DISCOUNT_MAX_PRODUCTS = 100;
/** The most discounts a store keeps (the admin screen lists them all). */
export const DISCOUNT_MAX_COUNT = 1000;

export const DiscountMessages = {
  title: 'Discounts',
  codeRequired: 'Code is required.',
  codeInvalid: `Code must be 1 to ${DISCOUNT_CODE_MAX_LENGTH} letters, digits, - or _.`,
  codeTaken: 'A discount with this code already exists.',
  oneKind: 'Give either a percent off or an amount off, not both.',
  kindRequired: 'Give a percent off or an amount off.',
  percentInvalid: 'Percent off must be a whole number from 1 to 100.',
  amountInvalid: 'Amount off must be a positive amount.',
  amountDecimals: (currency: string) => `Amount off must be a whole number of ${currency}.`,
  dateInvalid: 'Dates must be written as YYYY-MM-DD or as an ISO date and time.',
  endBeforeStart: 'The end must be after the start.',
  maxInvalid: 'Max redemptions must be a whole number of at least 1, or empty for no limit.',
  tooManyProducts: `A discount can name at most ${DISCOUNT_MAX_PRODUCTS} products; leave the list empty for every product.`,
  productUnknown: (id: string) => `Product ${id} does not exist.`,
  tooMany: `A store can keep at most ${DISCOUNT_MAX_COUNT} discounts; delete old ones first.`,
  notFound: 'Discount not found.',
  // What a buyer is told about a code.
  unknownCode: 'This code does not exist.',
  notStarted: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  notForProduct: 'This code does not apply to this product.',
  productIdRequired: 'productId is required.',
} as const;

const nullish = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

/** `YYYY-MM-DD` (a whole day of the store's time zone) or an ISO date and time with its offset. */
const DiscountDateSchema = z
  .string({ error: DiscountMessages.dateInvalid })
  .refine(
    (text) =>
      /^\d{4}-\d{2}-\d{2}$/.test(text)
        ? !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
          new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
        : z.iso.datetime({ offset: true }).safeParse(text).success,
    DiscountMessages.dateInvalid,
  );

/** `POST /api/admin/discounts` and `PUT /api/admin/discounts/{id}`: the whole discount. */
export const DiscountBodySchema = z.object({
  code: z
    .string({ error: DiscountMessages.codeRequired })
    .trim()
    .min(1, DiscountMessages.codeRequired)
    .max(DISCOUNT_CODE_MAX_LENGTH, DiscountMessages.codeInvalid)
    .regex(DISCOUNT_CODE_PATTERN, DiscountMessages.codeInvalid),
  percentOff: nullish(
    z
      .number({ error: DiscountMessages.percentInvalid })
      .int(DiscountMessages.percentInvalid)
      .min(1, DiscountMessages.percentInvalid)
      .max(100, DiscountMessages.percentInvalid),
  ),
  /** In the store's currency, major units (as a product's price). */
  amountOff: nullish(
    z
      .number({ error: DiscountMessages.amountInvalid })
      .refine(Number.isFinite, DiscountMessages.amountInvalid)
      .refine((amount) => amount > 0 && amount <= 100_000, DiscountMessages.amountInvalid),
  ),
  productIds: z
    .array(z.string().max(100), { error: 'productIds must be a list of product ids' })
    .max(DISCOUNT_MAX_PRODUCTS, DiscountMessages.tooManyProducts)
    .optional(),
  startsAt: nullish(DiscountDateSchema),
  endsAt: nullish(DiscountDateSchema),
  maxRedemptions: nullish(
    z
      .number({ error: DiscountMessages.maxInvalid })
      .int(DiscountMessages.maxInvalid)
      .min(1, DiscountMessages.maxInvalid)
      .max(1_000_000_000, DiscountMessages.maxInvalid),
  ),
});
export type DiscountBody = z.infer<typeof DiscountBodySchema>;

export const DiscountSchema = z.object({
  _id: z.string(),
  /** As the owner typed it; buyers may type it in any case. */
  code: z.string(),
  percentOff: z.number().int().nullable(),
  /** Major units of `currency`; null for a percent discount. */
  amountOff: z.number().nullable(),
  /** The currency of `amountOff` (the store's when it was saved), ISO 4217 upper case. */
  currency: z.string(),
  /** Empty: every product. */
  productIds: z.array(z.string()),
  /** ISO date and time (UTC), or null: no start / no end. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Paid orders that used the code. */
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof DiscountSchema>;

export const DiscountListSchema = z.object({ discounts: z.array(DiscountSchema) });
export type DiscountList = z.infer<typeof DiscountListSchema>;

/** `GET /api/discounts/{code}?productId=…`: the product's price with the code. */
export const DiscountLookupQuerySchema = z.object({
  productId: z
    .string({ error: DiscountMessages.productIdRequired })
    .min(1, DiscountMessages.productIdRequired)
    .max(100),
});

export const DiscountLookupSchema = z.object({
  /** The code as the owner wrote it. */
  code: z.string(),
  /** The price after the discount, in major units of `currency` (as a product's `price`). */
  price: z.number(),
  /** The same in minor units. */
  priceCents: z.number().int(),
  /** The price before it. */
  fullPrice: z.number(),
  currency: z.string(),
  /**
   * Pay what you want: the lowest amount a buyer may pay with the code (the code lowers the
   * minimum as it lowers the price), major units; null for a fixed price.
   */
  minimumPrice: z.number().nullable(),
});
export type DiscountLookup = z.infer<typeof DiscountLookupSchema>;
