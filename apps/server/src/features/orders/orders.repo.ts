import type { Db } from '../../db/client.js';
import type { OrdersTable } from '../../db/types.js';

export type OrderRow = OrdersTable;

export function createOrdersRepo(db: Db) {
  return {
    async insertOrder(row: OrderRow): Promise<void> {
      await db.insertInto('orders').values(row).execute();
    },

    findOrder(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The caller's order only: another user's reads exactly like one that does not exist. */
    findOrderOfUser(id: string, userId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    findOrderBySession(providerSessionId: string, userId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('providerSessionId', '=', providerSessionId)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** The buyer's newest pending order for this product at this price since `since`. */
    findPendingOrder(
      userId: string,
      productId: string,
      amountCents: number,
      provider: OrderRow['provider'],
      since: number,
    ) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('userId', '=', userId)
        .where('productId', '=', productId)
        .where('amountCents', '=', amountCents)
        .where('provider', '=', provider)
        .where('status', '=', 'pending')
        .where('reviewReason', 'is', null)
        .where('createdAt', '>', since)
        .orderBy('createdAt', 'desc')
        .executeTakeFirst();
    },

    async setProviderSession(id: string, providerSessionId: string, now: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ providerSessionId, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    /** Newest first; `userId` limits the page to one buyer's orders. */
    async listOrders(
      filter: { userId?: string },
      offset: number,
      limit: number,
    ): Promise<{ rows: OrderRow[]; total: number }> {
      let rows = db.selectFrom('orders').selectAll();
      let count = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('total'));
      if (filter.userId !== undefined) {
        rows = rows.where('userId', '=', filter.userId);
        count = count.where('userId', '=', filter.userId);
      }
      const [page, total] = await Promise.all([
        rows
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows: page, total: Number(total.total) };
    },

    /**
     * Pending orders whose checkout should have ended by `cutoff`, oldest first, that `provider`
     * can answer for (or that never got a checkout). Orders flagged for review wait for a person.
     */
    listPendingToReconcile(
      cutoff: number,
      provider: OrderRow['provider'],
      limit: number,
    ): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('status', '=', 'pending')
        .where('reviewReason', 'is', null)
        .where('createdAt', '<=', cutoff)
        .where((eb) => eb.or([eb('provider', '=', provider), eb('providerSessionId', 'is', null)]))
        .orderBy('createdAt')
        .limit(limit)
        .execute();
    },

    async flagForReview(id: string, reason: string, now: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ reviewReason: reason, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    async deleteOrder(id: string): Promise<boolean> {
      const result = await db.deleteFrom('orders').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertDownload(orderId: string, now: number): Promise<void> {
      await db.insertInto('downloads').values({ orderId, createdAt: now }).execute();
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
