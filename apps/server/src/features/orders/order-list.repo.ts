import type { OrderSortField, SortOrder } from '@bindery/shared';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/client.js';
import type { Database, OrdersTable } from '../../db/types.js';

type OrderRow = OrdersTable;
type Condition = (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>;

/**
 * What the admin's search matched, as the orders feature can ask it of its own table: the
 * buyers (by email) and products (by title) the other features found, and an order number.
 */
export interface OrderMatch {
  userIds: string[];
  productIds: string[];
  orderNumber: number | null;
}

/**
 * `needsReview`: orders that need the owner, flagged for review or disputed right now.
 * `hideCanceledCheckouts`: leaves out canceled orders, unless a payment arrived for one after
 * all (flagged for review), which the buyer must still see.
 * `hideRemoved`: leaves out the orders the owner removed from the admin list (see `isListed`).
 * `match`: only the orders the admin's search found.
 */
export type ListFilter = {
  userId?: string;
  needsReview?: boolean;
  hideCanceledCheckouts?: boolean;
  hideRemoved?: boolean;
  match?: OrderMatch;
};

/** The admin table's order: a column of the orders table and a direction. */
export interface OrderSort {
  field: OrderSortField;
  order: SortOrder;
}

/** Where a batch read in `sort` order starts: after the order with this sort value and id. */
export interface OrderKey {
  value: string | number;
  id: string;
}

/**
 * The admin list's orders: any the owner did not remove, and any removed one that may no longer
 * be (paid again, flagged, disputed): `isRemovedByOwner` in order-removal.ts, in SQL.
 */
const isListed: Condition = (eb) =>
  eb.or([
    eb('hiddenAt', 'is', null),
    eb('status', 'not in', ['refunded', 'canceled']),
    eb('reviewReason', 'is not', null),
    eb('disputeStatus', 'in', ['open', 'lost']),
  ]);

/**
 * `column` is one of `ids`, sent as one parameter whatever their number (an array on
 * PostgreSQL, a JSON array on SQLite): a search matching thousands of buyers stays one query.
 */
function isAmong(dialect: Dialect, column: 'userId' | 'productId', ids: string[]): Condition {
  return (eb) =>
    dialect === 'postgres'
      ? eb(column, '=', sql<string>`any(${ids}::text[])`)
      : eb(column, 'in', sql<string>`(select value from json_each(${JSON.stringify(ids)}))`);
}

function matchCondition(dialect: Dialect, match: OrderMatch): Condition {
  return (eb) =>
    eb.or([
      ...(match.orderNumber !== null ? [eb('orderNumber', '=', match.orderNumber)] : []),
      ...(match.userIds.length > 0 ? [isAmong(dialect, 'userId', match.userIds)(eb)] : []),
      ...(match.productIds.length > 0 ? [isAmong(dialect, 'productId', match.productIds)(eb)] : []),
    ]);
}

function conditionsOf(dialect: Dialect, filter: ListFilter): Condition[] {
  const conditions: Condition[] = [];
  if (filter.userId !== undefined) conditions.push((eb) => eb('userId', '=', filter.userId!));
  if (filter.hideCanceledCheckouts) {
    conditions.push((eb) =>
      eb.or([eb('status', '!=', 'canceled'), eb('reviewReason', 'is not', null)]),
    );
  }
  if (filter.hideRemoved) conditions.push(isListed);
  if (filter.needsReview) {
    conditions.push((eb) =>
      eb.or([eb('reviewReason', 'is not', null), eb('disputeStatus', '=', 'open')]),
    );
  }
  if (filter.match) conditions.push(matchCondition(dialect, filter.match));
  return conditions;
}

const NEWEST_FIRST: OrderSort = { field: 'createdAt', order: 'desc' };

/** Orders of the filter in `sort` order, `limit` from `offset` or after `after` (batches). */
export function selectOrders(
  db: Db,
  dialect: Dialect,
  filter: ListFilter,
  window: { offset?: number; limit: number; after?: OrderKey },
  sort: OrderSort = NEWEST_FIRST,
): Promise<OrderRow[]> {
  let rows = db.selectFrom('orders').selectAll();
  for (const condition of conditionsOf(dialect, filter)) rows = rows.where(condition);
  const { after } = window;
  if (after) {
    rows = rows.where((eb) =>
      eb(
        eb.refTuple(sort.field, 'id'),
        sort.order === 'desc' ? '<' : '>',
        eb.tuple(after.value as never, after.id),
      ),
    );
  }
  return rows
    .orderBy(sort.field, sort.order)
    .orderBy('id', sort.order)
    .limit(window.limit)
    .offset(window.offset ?? 0)
    .execute();
}

/** A page of orders and how many the filter holds in all. */
export async function listOrders(
  db: Db,
  dialect: Dialect,
  filter: ListFilter,
  offset: number,
  limit: number,
  sort?: OrderSort,
): Promise<{ rows: OrderRow[]; total: number }> {
  let count = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('total'));
  for (const condition of conditionsOf(dialect, filter)) count = count.where(condition);
  const [page, total] = await Promise.all([
    selectOrders(db, dialect, filter, { offset, limit }, sort),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(total.total) };
}
