import { z } from 'zod';
import { CatalogMessages } from './messages.js';
import { PricingMessages } from './pricing.js';
import { PRODUCT_LIMITS } from './limits.js';
import { hasAtMostTwoDecimals, hasValidDecimals, priceDecimals } from './money.js';
import { TAX_CODE_PATTERN, TaxMessages } from './tax.js';
import { LicenseKeySettingsSchema } from './licenses.js';
import { productStampingFields, stampingBodyFields } from './stamping.js';
import { ProductFileListSchema, ProductFilesSchema } from './product-files.js';
import { NotifyBuyersSchema } from './product-updates.js';

export const DIGITAL_FORMATS = ['pdf', 'zip', 'epub'] as const;
export const DigitalFormatSchema = z.enum(DIGITAL_FORMATS);
export type DigitalFormat = z.infer<typeof DigitalFormatSchema>;

/** The digital file as everyone may see it: what it is, never where it is stored. */
export const PublicDigitalFileSchema = z.object({
  format: DigitalFormatSchema,
  size: z.number().int().nonnegative(),
});

/** The admin view adds the internal reference returned by the file host. */
export const AdminDigitalFileSchema = PublicDigitalFileSchema.extend({
  public_id: z.string(),
  secure_url: z.string(),
  fileName: z.string(),
});

export const ProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  /** A product's own answer only: its description rendered from Markdown, safe to show as is. */
  descriptionHtml: z.string().optional(),
  /**
   * Major units of `currency` (dollars in the specification's store), as the specification's
   * product shape has it; stored as integer minor units (decision 030).
   */
  price: z.number(),
  /** The store's currency, ISO 4217 upper case ("USD", "EUR", "JPY"). */
  currency: z.string(),
  /** Buyers pay what they want from `minimumPrice` up; `price` is then the suggestion. */
  payWhatYouWant: z.boolean(),
  /** Major units; null unless `payWhatYouWant`. 0: buyers may take it for free. */
  minimumPrice: z.number().nullable(),
  image: z.array(z.string()),
  digitalFile: z.union([AdminDigitalFileSchema, PublicDigitalFileSchema]),
  files: ProductFilesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Admin view only: completed downloads each order of this product allows; null for the
   * store's DOWNLOAD_LIMIT, 0 for unlimited.
   */
  downloadLimit: z.number().int().nullable().optional(),
  /**
   * Admin view only: the Stripe tax code the product is sold under; null for the store's
   * default (`DEFAULT_TAX_CODE`).
   */
  taxCode: z.string().nullable().optional(),
  /** Admin view only: whether paid orders get a license key, and its activations (decision 037). */
  licenseKeys: LicenseKeySettingsSchema.optional(),
  ...productStampingFields,
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /**
   * True when a search matched more products than it ranks: `total` is then that cap, and the
   * list shows it as "1,000+". Absent otherwise.
   */
  totalCapped: z.boolean().optional(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`),
  );

/** Sort directions of the admin tables' `order` parameter. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SortOrderSchema = z.enum(SORT_ORDERS, { error: 'order must be asc or desc' });

/** Columns the admin product table sorts by, on the server (the API's field names). */
export const PRODUCT_SORT_FIELDS = ['title', 'price', 'createdAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export const ListProductsQuerySchema = z.object({
  page: intParam('page', 1, PRODUCT_LIMITS.pageMax, 1),
  limit: intParam('limit', 1, PRODUCT_LIMITS.listLimitMax, 10),
  /** Without it the list is newest first; a search is ranked by relevance and ignores it. */
  sort: z
    .enum(PRODUCT_SORT_FIELDS, { error: `sort must be one of ${PRODUCT_SORT_FIELDS.join(', ')}` })
    .optional(),
  order: SortOrderSchema.default('asc'),
  // Long input is cut rather than refused: a search box never answers with an error.
  search: z
    .string()
    .optional()
    .transform((text) => text?.slice(0, PRODUCT_LIMITS.searchMax)),
});
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;

export const ProductParamsSchema = z.object({ id: z.string().max(100) });

const PriceSchema = z
  .number({ error: CatalogMessages.priceRequired })
  .refine(Number.isFinite, CatalogMessages.priceRequired)
  .refine((price) => price > 0, CatalogMessages.pricePositive)
  .refine((price) => price <= PRODUCT_LIMITS.priceMax, CatalogMessages.priceTooHigh)
  .refine(hasAtMostTwoDecimals, CatalogMessages.priceDecimals);

/**
 * What the store's currency adds to the price rules, beyond the schema's two decimals: a
 * zero-decimal currency (JPY, KRW…) takes whole amounts only. Undefined when the price is fine.
 */
export function priceProblemIn(currency: string, price: number): string | undefined {
  if (hasValidDecimals(price, currency)) return undefined;
  return priceDecimals(currency) === 0
    ? CatalogMessages.priceWholeIn(currency)
    : CatalogMessages.priceDecimals;
}

/** What the file host returned for the digital file. */
export const DigitalFileRefSchema = z.object(
  {
    public_id: z.string().min(1).max(200),
    secure_url: z.string().max(500).optional(),
  },
  { error: CatalogMessages.digitalFileRequired },
);

const productFields = {
  title: z
    .string({ error: CatalogMessages.titleRequired })
    .trim()
    .min(1, CatalogMessages.titleRequired)
    .max(PRODUCT_LIMITS.titleMax, CatalogMessages.titleTooLong),
  subtitle: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.subtitleMax, CatalogMessages.subtitleTooLong)
    .default(''),
  description: z
    .string({ error: CatalogMessages.descriptionRequired })
    .trim()
    .min(1, CatalogMessages.descriptionRequired)
    .max(PRODUCT_LIMITS.descriptionMax, CatalogMessages.descriptionTooLong),
  price: PriceSchema,
  /** Absent: off on a new product, unchanged on an edit. */
  payWhatYouWant: z.boolean({ error: 'payWhatYouWant must be true or false' }).optional(),
  /** Major units, 0 up to the price; only read with `payWhatYouWant` (absent: 0 on a new one). */
  minimumPrice: z
    .number({ error: PricingMessages.minimumInvalid })
    .refine(Number.isFinite, PricingMessages.minimumInvalid)
    .refine(
      (price) => price >= 0 && price <= PRODUCT_LIMITS.priceMax,
      PricingMessages.minimumInvalid,
    )
    .refine(hasAtMostTwoDecimals, PricingMessages.minimumDecimals)
    .nullable()
    .optional(),
  /** Absent: off on a new product, unchanged on an edit. */
  licenseKeys: LicenseKeySettingsSchema.optional(),
  ...stampingBodyFields,
};

const ImagesSchema = z
  .array(z.string().min(1).max(500), { error: CatalogMessages.imagesRequired })
  .min(PRODUCT_LIMITS.imagesMin, CatalogMessages.imagesRequired)
  .max(PRODUCT_LIMITS.imagesMax, CatalogMessages.tooManyImages);

/** A product's own download limit: a whole number, 0 for unlimited, null for the store's. */
export const DownloadLimitSchema = z
  .number({ error: CatalogMessages.downloadLimitInvalid })
  .int(CatalogMessages.downloadLimitInvalid)
  .min(0, CatalogMessages.downloadLimitInvalid)
  .max(PRODUCT_LIMITS.downloadLimitMax, CatalogMessages.downloadLimitInvalid)
  .nullable();

/**
 * A product's own tax category: a Stripe tax code, or empty/null for the store's default.
 * Surrounding spaces are dropped; an empty text reads as null.
 */
export const TaxCodeSchema = z
  .string({ error: TaxMessages.taxCodeInvalid })
  .trim()
  .transform((code) => (code === '' ? null : code))
  .refine((code) => code === null || TAX_CODE_PATTERN.test(code), TaxMessages.taxCodeInvalid)
  .nullable();

export const CreateProductBodySchema = z.object({
  ...productFields,
  downloadLimit: DownloadLimitSchema.default(null),
  taxCode: TaxCodeSchema.default(null),
  image: ImagesSchema,
  /** Required unless `files` is sent (then the first of them). */
  digitalFile: DigitalFileRefSchema.optional(),
  files: ProductFileListSchema,
});
export type CreateProductBody = z.input<typeof CreateProductBodySchema>;

/** On edit, images and the digital file are optional: when absent the current ones stay. */
export const UpdateProductBodySchema = z.object({
  ...productFields,
  /** Absent keeps the product's limit; null returns it to the store's. */
  downloadLimit: DownloadLimitSchema.optional(),
  /** Absent keeps the product's tax code; null or empty returns it to the store's default. */
  taxCode: TaxCodeSchema.optional(),
  image: ImagesSchema.optional(),
  digitalFile: DigitalFileRefSchema.nullish(),
  files: ProductFileListSchema,
  /** Email the product's buyers about the files this save changes (400 when none change). */
  notifyBuyers: NotifyBuyersSchema.optional(),
});
export type UpdateProductBody = z.input<typeof UpdateProductBodySchema>;
