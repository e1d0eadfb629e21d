import type { OrderStatus } from '@bindery/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { OrderQueries, OrderRow, OrdersRepo } from './orders.repo.js';

/**
 * The emails an outcome may cause, ready to be queued inside its transaction (see
 * order-notices.ts): the buyer hears of a payment and of a refund exactly when they commit.
 */
export interface OutcomeNotices {
  /** The buyer's address, whom the emails go to. */
  to: string;
  paid(within: Kysely<Database>): Promise<void>;
  refunded(within: Kysely<Database>): Promise<void>;
}

/** What a provider (or the owner) said about an order: a webhook, a lookup, an admin action. */
export interface PaymentOutcome {
  orderId: string;
  result:
    | 'paid'
    | 'canceled'
    | 'refunded'
    | 'refund-failed'
    | 'disputed'
    | 'dispute-won'
    | 'dispute-lost';
  /** Where the news came from, kept in the audit trail (e.g. `webhook:checkout.session.completed`). */
  source: string;
  /** The provider's event id: an event already applied is never applied again. */
  eventId?: string;
  /** The checkout session the news is about; an ended session cancels only its own order's current one. */
  sessionId?: string | null;
  /**
   * What the provider charged, tax included; a paid outcome that disagrees with the order is
   * not fulfilled.
   */
  amountCents?: number | null;
  currency?: string | null;
  /** The subtotal, tax and buyer the payment reported, recorded on the order (decision 033). */
  billing?: PaymentBilling | null;
  paymentIntentId?: string | null;
  /** The refund the news is about (refunds made by the store, failed refunds). */
  refundId?: string | null;
}

/** What a payment says beyond its total: what the invoice needs. */
export interface PaymentBilling {
  subtotalCents: number | null;
  taxCents: number | null;
  /** A decimal percentage ("20", "8.875"). */
  taxRate: string | null;
  buyerName: string | null;
  buyerCountry: string | null;
  buyerTaxId: string | null;
}

export type OutcomeResult =
  | { kind: 'applied'; status: OrderStatus }
  | { kind: 'unchanged'; status: OrderStatus }
  | { kind: 'duplicate' }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'unknown-order' };

/**
 * Applies news about an order exactly once, whatever the number and order of deliveries, in one
 * transaction: lock the order row (a refund racing its payment waits its turn), record the event
 * id (a repeat stops here), then move the order along the state machine (order-status.ts). A
 * refund that arrives before its payment is kept and applied the moment the payment lands.
 */
export function applyPaymentOutcome(
  repo: OrdersRepo,
  outcome: PaymentOutcome,
  now: number,
  notices?: OutcomeNotices,
): Promise<OutcomeResult> {
  return repo.transaction(async (tx, trx) => {
    const order = await tx.lockOrder(outcome.orderId);
    if (!order) return { kind: 'unknown-order' };
    if (outcome.eventId) {
      const isNew = await tx.recordEvent({
        id: outcome.eventId,
        orderId: outcome.orderId,
        type: eventType(outcome.result),
        createdAt: now,
      });
      if (!isNew) return { kind: 'duplicate' };
    }
    const result = await apply(tx, order, outcome, now);
    if (notices && result.kind === 'applied' && result.status !== order.status) {
      if (result.status === 'paid' && order.status !== 'refunded') await notices.paid(trx);
      // A lost dispute is the bank taking the money back, not a refund the store made.
      if (result.status === 'refunded' && outcome.result === 'refunded') {
        await notices.refunded(trx);
      }
    }
    return result;
  });
}

/** The kind an event is filed under: a lost dispute counts as a refund (the money went back). */
const eventType = (result: PaymentOutcome['result']) =>
  result === 'dispute-lost' ? 'refunded' : result;

async function apply(
  tx: OrderQueries,
  order: OrderRow,
  outcome: PaymentOutcome,
  now: number,
): Promise<OutcomeResult> {
  const unchanged = (): OutcomeResult => ({ kind: 'unchanged', status: order.status });
  const applied = (status: OrderStatus | null): OutcomeResult =>
    status ? { kind: 'applied', status } : unchanged();
  const intent = outcome.paymentIntentId ? { paymentIntentId: outcome.paymentIntentId } : {};

  switch (outcome.result) {
    case 'paid':
      return applyPaid(tx, order, outcome, now);
    case 'canceled': {
      // The end of a session the order no longer uses (a replaced checkout) cancels nothing.
      const isOtherSession =
        outcome.sessionId != null &&
        order.providerSessionId !== null &&
        outcome.sessionId !== order.providerSessionId;
      if (isOtherSession) return unchanged();
      return applied(await tx.moveStatus(order.id, 'cancel', outcome.source, now));
    }
    case 'refunded': {
      // Money that arrived for a flagged order (mismatch, after cancellation) and went back
      // resolves the flag; otherwise only a paid order can be refunded.
      const isFlaggedPayment =
        order.status !== 'paid' &&
        order.reviewReason !== null &&
        (order.paymentIntentId ?? outcome.paymentIntentId) != null;
      return applied(
        await tx.moveStatus(
          order.id,
          isFlaggedPayment ? 'refundFlagged' : 'refund',
          outcome.source,
          now,
          {
            ...intent,
            ...(outcome.refundId ? { refundId: outcome.refundId } : {}),
            ...(isFlaggedPayment ? { reviewReason: null } : {}),
          },
        ),
      );
    }
    case 'refund-failed': {
      // Only the refund that refunded this order can undo it; an older failed one cannot.
      const isThisRefund = outcome.refundId == null || order.refundId === outcome.refundId;
      if (order.status !== 'refunded' || !isThisRefund) return unchanged();
      return applied(
        await tx.moveStatus(order.id, 'restore', outcome.source, now, {
          refundId: null,
          reviewReason: `refund ${outcome.refundId ?? ''} failed at the payment provider: the buyer has access again; refund again or check the provider`,
        }),
      );
    }
    case 'disputed':
      await tx.updateOrder(order.id, { disputeStatus: 'open', ...intent }, now);
      return unchanged();
    case 'dispute-won':
      if (order.disputeStatus !== 'open') return unchanged();
      await tx.updateOrder(order.id, { disputeStatus: 'won' }, now);
      return unchanged();
    case 'dispute-lost': {
      await tx.updateOrder(order.id, { disputeStatus: 'lost' }, now);
      return applied(await tx.moveStatus(order.id, 'refund', outcome.source, now));
    }
  }
}

/**
 * A payment: flagged when it disagrees with the order, flagged when the order had closed, and
 * refunded at once when the refund arrived first.
 */
async function applyPaid(
  tx: OrderQueries,
  order: OrderRow,
  outcome: PaymentOutcome,
  now: number,
): Promise<OutcomeResult> {
  const intent = outcome.paymentIntentId ? { paymentIntentId: outcome.paymentIntentId } : {};
  const mismatch = describeMismatch(order, outcome);
  if (mismatch) {
    await tx.updateOrder(order.id, { reviewReason: mismatch, ...intent }, now);
    return { kind: 'mismatch', reason: mismatch };
  }
  const moved = await tx.moveStatus(order.id, 'pay', outcome.source, now, {
    paidAt: now,
    ...intent,
    ...chargeOf(order, outcome),
  });
  if (!moved) {
    if (order.status === 'canceled') {
      // Money arrived for an order that had already closed: the owner grants or refunds.
      await tx.updateOrder(
        order.id,
        { reviewReason: `paid after the order was canceled (${outcome.source})`, ...intent },
        now,
      );
    }
    return { kind: 'unchanged', status: order.status };
  }
  if (await tx.hasEvent(order.id, 'refunded')) {
    const refunded = await tx.moveStatus(
      order.id,
      'refund',
      'refund received before the payment',
      now,
    );
    return refunded
      ? { kind: 'applied', status: refunded }
      : { kind: 'unchanged', status: order.status };
  }
  return { kind: 'applied', status: moved };
}

/**
 * What the payment charged, as the order keeps it: the total, the subtotal and tax the provider
 * reported, and the buyer. Applied once the payment matched the order (and told in its receipt).
 */
export function chargeOf(order: OrderRow, outcome: PaymentOutcome) {
  const billing = outcome.billing;
  const taxCents = billing?.taxCents ?? 0;
  const amountCents = outcome.amountCents ?? order.amountCents;
  return {
    amountCents,
    subtotalCents: billing?.subtotalCents ?? amountCents - taxCents,
    taxCents,
    taxRate: taxCents > 0 ? (billing?.taxRate ?? null) : null,
    buyerName: billing?.buyerName ?? null,
    buyerCountry: billing?.buyerCountry?.toUpperCase() ?? null,
    buyerTaxId: billing?.buyerTaxId ?? null,
  };
}

/**
 * Why a payment does not match its order, or null. Without tax the total is the price; with
 * tax added on top it is the price (the subtotal) plus the tax; with tax included it is the
 * price, the tax inside it.
 */
function describeMismatch(order: OrderRow, outcome: PaymentOutcome): string | null {
  if (outcome.currency != null && outcome.currency.toLowerCase() !== order.currency) {
    return `provider charged in ${outcome.currency} but the order is in ${order.currency}`;
  }
  const total = outcome.amountCents;
  const tax = outcome.billing?.taxCents ?? 0;
  const subtotal = outcome.billing?.subtotalCents;
  const price = order.subtotalCents;
  if (tax < 0 || (total != null && tax > total)) {
    return `provider reported ${tax} tax on a total of ${total ?? 'unknown'}`;
  }
  switch (order.taxBehavior) {
    case null:
      if (total != null && total !== order.amountCents) {
        return `provider charged ${total} but the order is ${order.amountCents}`;
      }
      if (tax !== 0) return `provider charged ${tax} tax but the order asked for none`;
      return null;
    case 'exclusive':
      if (subtotal != null && subtotal !== price) {
        return `provider's subtotal is ${subtotal} but the order is ${price} before tax`;
      }
      if (total != null && total !== price + tax) {
        return `provider charged ${total} but the order is ${price} + ${tax} tax`;
      }
      return null;
    case 'inclusive':
      if (total != null && total !== price) {
        return `provider charged ${total} but the order is ${price}, tax included`;
      }
      return null;
  }
}
