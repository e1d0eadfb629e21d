import { randomBytes } from 'node:crypto';
import { OrderMessages } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

/**
 * Order and product ids are 16 base64url characters; anything else is not one of them and reads
 * as not found (and never reaches the database: PostgreSQL refuses a NUL in text).
 */
export const ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;
/** Checkout session ids (the provider's and the test checkout's): letters, digits, _ and -. */
export const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{1,300}$/;
export const newOrderId = () => randomBytes(12).toString('base64url');

export async function findOrderById(
  repo: Pick<OrdersRepo, 'findOrder'>,
  id: string,
): Promise<OrderRow | undefined> {
  return ID_SHAPE.test(id) ? repo.findOrder(id) : undefined;
}

/** The order, or 404. */
export async function requireOrderById(
  repo: Pick<OrdersRepo, 'findOrder'>,
  id: string,
): Promise<OrderRow> {
  const row = await findOrderById(repo, id);
  if (!row) throw AppError.notFound(OrderMessages.orderNotFound);
  return row;
}
