import { z } from 'zod';

export const ORDER_STATUSES = ['pending', 'paid', 'canceled', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Texts of the order screens (specification, sections 2 and 8). */
export const OrderMessages = {
  myOrdersTitle: 'My Orders',
  myOrdersLoadFailed: 'Failed to fetch orders.',
  adminOrdersTitle: 'All Customer Orders',
  adminOrdersLoading: 'Loading orders...',
  adminOrdersLoadFailed: 'Failed to load orders.',
  orderDeleted: 'Order deleted successfully!',
  productMissing: 'Product Not Found',
  unknownStatus: 'Unknown',
  orderNotFound: 'Order not found',
} as const;

/** The product as an order shows it; null once the product was deleted. */
export const OrderProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.array(z.string()),
});

export const PurchaseSchema = z.object({
  _id: z.string(),
  product: OrderProductSchema.nullable(),
  amountCents: z.number().int(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

export const MyOrdersResponseSchema = z.object({
  purchases: z.array(PurchaseSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type MyOrdersResponse = z.infer<typeof MyOrdersResponseSchema>;

export const AdminOrderSchema = PurchaseSchema.extend({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
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

export const MyOrdersQuerySchema = z.object({
  page: pageParam(1_000_000, 1, 'page'),
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? 10 : value),
    z.coerce.number().refine((n) => n === 5 || n === 10, 'limit must be 5 or 10'),
  ),
});

export const AdminOrdersQuerySchema = z.object({
  page: pageParam(1_000_000, 1, 'page'),
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? 10 : value),
    z.coerce.number().refine((n) => n === 5 || n === 10 || n === 20, 'limit must be 5, 10 or 20'),
  ),
});
