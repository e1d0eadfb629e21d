import { z } from 'zod';
import { SortOrderSchema } from './catalog.js';

export const ORDER_STATUSES = ['pending', 'paid', 'canceled', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** A payment dispute (chargeback) on an order: downloads pause while it is open. */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export const DisputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof DisputeStatusSchema>;

/** The product as an order shows it; null once the product was deleted. */
export const OrderProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.array(z.string()),
  /**
   * Still in the catalogue. False once the seller took it off sale (archived): its page is
   * gone, its buyers keep their downloads.
   */
  onSale: z.boolean(),
});

export const PurchaseSchema = z.object({
  _id: z.string(),
  product: OrderProductSchema.nullable(),
  /**
   * The total, tax included: minor units of `currency` (cents for USD, whole yen for JPY), as
   * Stripe counts them. Before payment, the price.
   */
  amountCents: z.number().int(),
  /** Before tax (the price, for tax added on top); equals `amountCents` without tax. */
  subtotalCents: z.number().int(),
  /** The tax the payment collected; 0 without tax. */
  taxCents: z.number().int(),
  /** The currency the order was made and paid in, ISO 4217 upper case; never changes. */
  currency: z.string(),
  /** The buyer's country as the payment gave it (ISO 3166-1 alpha-2); null when none was asked. */
  buyerCountry: z.string().nullable(),
  /** The buyer's tax ID (e.g. a VAT number) as the payment gave it; null when there is none. */
  buyerTaxId: z.string().nullable(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** A payment dispute on the order; downloads are paused while it is `open`. */
  dispute: DisputeStatusSchema.nullable(),
  /** Completed downloads counted, and how many the order allows (null: unlimited). */
  downloads: z.object({
    /** Each file of an order counts on its own (issue 28): this is its highest file's count. */
    used: z
      .number()
      .int()
      .describe(
        'Completed downloads of the order: each file counts on its own, and this is the highest count among its files',
      ),
    limit: z.number().int().nullable(),
  }),
  /** The order's license key ("8F3C2A1B-…"), issued when it was paid; null for none. */
  licenseKey: z.string().nullable(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** A purchase as its buyer sees it in My Orders. */
export const MyPurchaseSchema = PurchaseSchema.extend({
  /**
   * The hosted checkout of a pending order while it is still open, so the buyer can complete the
   * payment; null otherwise (paid, canceled, expired, or flagged for the store to check).
   */
  checkoutUrl: z.string().nullable(),
  /**
   * When the product's files last changed after this order was paid and last downloaded; else
   * null. Read as null when absent (an answer from a store before product updates).
   */
  productUpdatedAt: z.string().nullable().default(null),
});
export type MyPurchase = z.infer<typeof MyPurchaseSchema>;

export const MyOrdersResponseSchema = z.object({
  purchases: z.array(MyPurchaseSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type MyOrdersResponse = z.infer<typeof MyOrdersResponseSchema>;

export const AdminOrderSchema = PurchaseSchema.extend({
  /** The order's number for people, shown as "#1042": 1, 2, 3… in the order orders were placed. */
  orderNumber: z.number().int(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** Why the order needs the owner (a payment that did not match, money for a closed order…). */
  reviewReason: z.string().nullable(),
  /** Whether the payment can be refunded from the store (money was received and not returned). */
  canRefund: z.boolean(),
  /** The discount code the order used, as the owner wrote it; null for none. */
  discountCode: z.string().nullable(),
  /** What the code took off the price; 0 without one. */
  discountCents: z.number().int(),
  /** The key's activations counted, the limit it was sold with, and whether it is disabled. */
  licenseKeyUses: z.number().int().nullable(),
  licenseKeyMaxUses: z.number().int().nullable(),
  licenseKeyDisabled: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrdersResponseSchema = z.object({
  orders: z.array(AdminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponseSchema>;

const pageParam = (max: number, fallback: number, name: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1`)
      .max(max, `${name} must be at most ${max}`),
  );

/** What My Orders may add to the purchases it lists by default. */
export const MY_ORDERS_INCLUDES = ['canceled'] as const;

export const MyOrdersQuerySchema = z.object({
  page: pageParam(1_000_000, 1, 'page'),
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? 10 : value),
    z.coerce.number().refine((n) => n === 5 || n === 10, 'limit must be 5 or 10'),
  ),
  /** Canceled checkouts are left out unless `include=canceled` asks for them. */
  include: z
    .enum(MY_ORDERS_INCLUDES, { error: `include must be ${MY_ORDERS_INCLUDES.join(' or ')}` })
    .optional(),
});
export type MyOrdersQuery = z.infer<typeof MyOrdersQuerySchema>;

/** GET /api/orders/mine/products/{productId}: whether the signed-in buyer owns a product. */
export const ProductOwnershipResponseSchema = z.object({
  /** True when the buyer has a paid order for it whose downloads are not paused. */
  owned: z.boolean(),
  /** That order, for a fresh download link (POST /api/orders/{id}/download-link); else null. */
  orderId: z.string().nullable(),
});
export type ProductOwnershipResponse = z.infer<typeof ProductOwnershipResponseSchema>;

/** Path of GET /api/orders/mine/checkouts/{sessionId}: the order behind a checkout. */
export const CheckoutOrderParamsSchema = z.object({
  sessionId: z.string().min(1, 'sessionId is required').max(300, 'sessionId is too long'),
});

/** Columns the admin orders table sorts by, on the server (the API's field names). */
export const ORDER_SORT_FIELDS = ['createdAt', 'amountCents', 'status'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** The longest admin order search used; the rest is cut. */
export const ADMIN_ORDER_SEARCH_MAX = 200;

export const AdminOrdersQuerySchema = z.object({
  /** `true` lists only the orders flagged for review. */
  review: z
    .enum(['true', 'false'], { error: 'review must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  page: pageParam(1_000_000, 1, 'page'),
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? 10 : value),
    z.coerce.number().refine((n) => n === 5 || n === 10 || n === 20, 'limit must be 5, 10 or 20'),
  ),
  /** Without it the list is newest first. */
  sort: z
    .enum(ORDER_SORT_FIELDS, { error: `sort must be one of ${ORDER_SORT_FIELDS.join(', ')}` })
    .optional(),
  order: SortOrderSchema.default('asc'),
  /**
   * Search: orders whose buyer's email or product's title contains it (any case), or the order
   * numbered so ("1042" or "#1042"). Long input is cut, not refused.
   */
  q: z
    .string()
    .optional()
    // Control characters (a NUL the database would refuse) read as spaces: a search never errs.
    .transform(
      (text) =>
        text
          ?.replace(/\p{Cc}/gu, ' ')
          .trim()
          .slice(0, ADMIN_ORDER_SEARCH_MAX) || undefined,
    ),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** GET /api/admin/orders.csv: the admin list's filters and sort, every page. */
export const AdminOrdersExportQuerySchema = AdminOrdersQuerySchema.pick({
  review: true,
  q: true,
  sort: true,
  order: true,
});

/** A payment the provider reported for an order the store does not have (e.g. deleted). */
export const UnmatchedPaymentSchema = z.object({
  _id: z.string(),
  provider: z.string(),
  orderId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type UnmatchedPayment = z.infer<typeof UnmatchedPaymentSchema>;

export const UnmatchedPaymentsResponseSchema = z.object({
  payments: z.array(UnmatchedPaymentSchema),
});
export type UnmatchedPaymentsResponse = z.infer<typeof UnmatchedPaymentsResponseSchema>;
