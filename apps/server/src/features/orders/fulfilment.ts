import type { OrderStatus } from '@bindery/shared';
import type { Db } from '../../db/client.js';

/** What a provider said about an order, from a webhook or from a lookup at the success page. */
export interface PaymentOutcome {
  orderId: string;
  result: 'paid' | 'canceled' | 'refunded';
  /** Where the news came from, kept in the audit trail (e.g. `webhook:checkout.session.completed`). */
  source: string;
  /** The provider's event id: an event already applied is never applied again. */
  eventId?: string;
  /** What the provider charged; a paid outcome that disagrees with the order is not fulfilled. */
  amountCents?: number | null;
  currency?: string | null;
  paymentIntentId?: string | null;
}

export type OutcomeResult =
  | { kind: 'applied'; status: OrderStatus }
  | { kind: 'unchanged'; status: OrderStatus }
  | { kind: 'duplicate' }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'unknown-order' };

/** The only moves an order can make (DESIGN decision 6). */
const FROM: Record<PaymentOutcome['result'], OrderStatus> = {
  paid: 'pending',
  canceled: 'pending',
  refunded: 'paid',
};

/**
 * Applies a provider's news to an order exactly once, whatever the number and order of
 * deliveries. One transaction: record the event id (a repeat stops here), then move the order
 * with an update conditioned on its current status, so of any number of racing callers exactly
 * one makes the change. A refund that arrives before the payment is kept and applied the moment
 * the payment lands.
 */
export async function applyPaymentOutcome(
  db: Db,
  outcome: PaymentOutcome,
  now: number,
): Promise<OutcomeResult> {
  return db.transaction().execute(async (trx) => {
    if (outcome.eventId) {
      const inserted = await trx
        .insertInto('paymentEvents')
        .values({
          id: outcome.eventId,
          orderId: outcome.orderId,
          type: outcome.result,
          createdAt: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { kind: 'duplicate' };
    }
    const order = await trx
      .selectFrom('orders')
      .select(['status', 'amountCents', 'currency'])
      .where('id', '=', outcome.orderId)
      .executeTakeFirst();
    if (!order) return { kind: 'unknown-order' };

    if (outcome.result === 'paid') {
      const mismatch = describeMismatch(order, outcome);
      if (mismatch) {
        await trx
          .updateTable('orders')
          .set({ reviewReason: mismatch, updatedAt: now })
          .where('id', '=', outcome.orderId)
          .execute();
        return { kind: 'mismatch', reason: mismatch };
      }
    }

    const moved = await move(
      trx,
      outcome.orderId,
      FROM[outcome.result],
      outcome.result,
      outcome.source,
      now,
      {
        ...(outcome.result === 'paid' ? { paidAt: now } : {}),
        ...(outcome.paymentIntentId ? { paymentIntentId: outcome.paymentIntentId } : {}),
      },
    );
    if (!moved) {
      const current = await trx
        .selectFrom('orders')
        .select('status')
        .where('id', '=', outcome.orderId)
        .executeTakeFirstOrThrow();
      if (outcome.result === 'paid' && current.status === 'canceled') {
        // Money arrived for an order that had already closed: someone has to refund or deliver.
        await trx
          .updateTable('orders')
          .set({
            reviewReason: `paid after the order was canceled (${outcome.source})`,
            updatedAt: now,
          })
          .where('id', '=', outcome.orderId)
          .execute();
      }
      return { kind: 'unchanged', status: current.status };
    }
    if (outcome.result === 'paid') {
      const earlyRefund = await trx
        .selectFrom('paymentEvents')
        .select('id')
        .where('orderId', '=', outcome.orderId)
        .where('type', '=', 'refunded')
        .executeTakeFirst();
      if (earlyRefund) {
        await move(
          trx,
          outcome.orderId,
          'paid',
          'refunded',
          'refund received before the payment',
          now,
          {},
        );
        return { kind: 'applied', status: 'refunded' };
      }
    }
    return { kind: 'applied', status: outcome.result };
  });
}

type Executor = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

async function move(
  trx: Executor,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  reason: string,
  now: number,
  extra: { paidAt?: number; paymentIntentId?: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: to, updatedAt: now, ...extra })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('orderTransitions')
    .values({ orderId, fromStatus: from, toStatus: to, reason, createdAt: now })
    .execute();
  return true;
}

function describeMismatch(
  order: { amountCents: number; currency: string },
  outcome: PaymentOutcome,
): string | null {
  if (outcome.amountCents != null && outcome.amountCents !== order.amountCents) {
    return `provider charged ${outcome.amountCents} but the order is ${order.amountCents}`;
  }
  if (outcome.currency != null && outcome.currency.toLowerCase() !== order.currency) {
    return `provider charged in ${outcome.currency} but the order is in ${order.currency}`;
  }
  return null;
}

/** The order a provider's payment belongs to, for events that name only the payment (refunds). */
export async function findOrderIdByPaymentIntent(
  db: Db,
  paymentIntentId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('paymentIntentId', '=', paymentIntentId)
    .executeTakeFirst();
  return row?.id ?? null;
}
