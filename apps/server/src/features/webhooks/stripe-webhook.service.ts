import type Stripe from 'stripe';
import { z } from 'zod';
import type { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import { customerOf, taxRateOf } from '../../adapters/payments/stripe-sessions.js';
import type {
  OrdersService,
  OutcomeResult,
  PaymentBilling,
  PaymentOutcome,
} from '../orders/index.js';

export interface StripeWebhookDeps {
  orders: Pick<
    OrdersService,
    'applyOutcome' | 'findOrderIdByPaymentIntent' | 'recordUnmatchedPayment'
  >;
  stripe: Pick<StripePaymentProvider, 'findOrderIdOfPaymentIntent' | 'retrieveSession'>;
}

/** What became of one event, for the log line the route writes. */
export type HandledEvent =
  | { action: 'ignored'; reason: string }
  | {
      action: 'applied';
      orderId: string;
      outcome: PaymentOutcome['result'];
      result: OutcomeResult;
    };

const idOf = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));

// Only the fields we act on, read strictly: a signed event we cannot read is refused (400) and
// retried by Stripe, rather than acknowledged and lost.
const TaxAmountSchema = z.object({
  amount: z.number().int(),
  rate: z.object({ percentage: z.number().nullable() }),
});

const SessionSchema = z.object({
  id: z.string(),
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  amount_subtotal: z.number().int().nullish(),
  total_details: z
    .object({
      amount_tax: z.number().int().nullish(),
      breakdown: z.object({ taxes: z.array(TaxAmountSchema) }).nullish(),
    })
    .nullish(),
  customer_details: z
    .object({
      name: z.string().nullish(),
      address: z.object({ country: z.string().nullish() }).nullish(),
      tax_ids: z.array(z.object({ value: z.string().nullish() })).nullish(),
    })
    .nullish(),
  currency: z.string().nullable(),
  payment_intent: idOf,
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const ChargeSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  payment_intent: idOf,
});

const DisputeSchema = z.object({
  id: z.string(),
  status: z.string(),
  reason: z.string().nullish(),
  payment_intent: idOf,
});

const RefundSchema = z.object({
  id: z.string(),
  status: z.string().nullable(),
  payment_intent: idOf,
  metadata: z.record(z.string(), z.string()).nullish(),
});

/** Dispute endings that leave the money with the store (an inquiry closed counts as won). */
const DISPUTE_KEPT = new Set(['won', 'warning_closed', 'prevented']);

/**
 * Turns a verified Stripe event into at most one outcome for the orders service, applied with
 * the event id, so redelivered, concurrent and out-of-order events change an order at most once
 * and only along the order state machine (docs/decisions/009).
 */
export async function handleStripeEvent(
  deps: StripeWebhookDeps,
  event: Stripe.Event,
): Promise<HandledEvent> {
  const apply = (outcome: Omit<PaymentOutcome, 'source' | 'eventId'>) =>
    applyOutcome(deps, event, outcome);

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = read(SessionSchema, event.data.object, event);
      const orderId = orderIdOf(session);
      if (!orderId) return { action: 'ignored', reason: 'session names no order' };
      // A bank debit or voucher completes the session unpaid; async_payment_* settles it.
      if (session.payment_status !== 'paid') {
        return { action: 'ignored', reason: `payment ${session.payment_status}, awaiting it` };
      }
      return apply({
        orderId,
        result: 'paid',
        sessionId: session.id,
        amountCents: session.amount_total,
        currency: session.currency,
        billing: await billingOf(deps, session),
        paymentIntentId: session.payment_intent,
      });
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = read(SessionSchema, event.data.object, event);
      const orderId = orderIdOf(session);
      if (!orderId) return { action: 'ignored', reason: 'session names no order' };
      return apply({ orderId, result: 'canceled', sessionId: session.id });
    }
    case 'charge.refunded': {
      const charge = read(ChargeSchema, event.data.object, event);
      // A partial refund keeps access: the buyer still paid for the file (ADR 008).
      if (charge.amount_refunded < charge.amount) {
        return {
          action: 'ignored',
          reason: `partial refund (${charge.amount_refunded} of ${charge.amount})`,
        };
      }
      const orderId = await orderOfPayment(deps, charge.payment_intent);
      if (!orderId) return { action: 'ignored', reason: 'payment names no order' };
      return apply({ orderId, result: 'refunded', paymentIntentId: charge.payment_intent });
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = read(DisputeSchema, event.data.object, event);
      const orderId = await orderOfPayment(deps, dispute.payment_intent);
      if (!orderId) return { action: 'ignored', reason: 'dispute names no order' };
      if (event.type === 'charge.dispute.created') return apply({ orderId, result: 'disputed' });
      if (DISPUTE_KEPT.has(dispute.status)) return apply({ orderId, result: 'dispute-won' });
      if (dispute.status === 'lost') return apply({ orderId, result: 'dispute-lost' });
      return { action: 'ignored', reason: `dispute closed as ${dispute.status}` };
    }
    case 'refund.updated':
    case 'refund.failed': {
      const refund = read(RefundSchema, event.data.object, event);
      if (refund.status !== 'failed') {
        return { action: 'ignored', reason: `refund ${refund.status ?? 'unknown'}` };
      }
      const orderId =
        refund.metadata?.orderId ?? (await orderOfPayment(deps, refund.payment_intent));
      if (!orderId) return { action: 'ignored', reason: 'refund names no order' };
      return apply({ orderId, result: 'refund-failed', refundId: refund.id });
    }
    default:
      return { action: 'ignored', reason: 'event type not handled' };
  }
}

/** Applies the event's outcome with its id; money for an order we lack is kept for the owner. */
async function applyOutcome(
  deps: StripeWebhookDeps,
  event: Stripe.Event,
  outcome: Omit<PaymentOutcome, 'source' | 'eventId'>,
): Promise<HandledEvent> {
  const source = `webhook:${event.type}`;
  const result = await deps.orders.applyOutcome({ ...outcome, source, eventId: event.id });
  if (result.kind === 'unknown-order' && outcome.result === 'paid') {
    // Money for an order the store no longer has (deleted): kept for the owner, not only logged.
    await deps.orders.recordUnmatchedPayment({
      id: event.id,
      provider: 'stripe',
      orderId: outcome.orderId,
      sessionId: outcome.sessionId ?? null,
      paymentIntentId: outcome.paymentIntentId ?? null,
      amountCents: outcome.amountCents ?? null,
      currency: outcome.currency ?? null,
      reason: 'paid for an order the store does not have (deleted?): refund it or deliver by hand',
    });
  }
  return {
    action: 'applied',
    orderId: outcome.orderId,
    outcome: outcome.result,
    result,
  };
}

/** The order a payment belongs to: ours first; else Stripe's metadata (news can beat the payment). */
async function orderOfPayment(
  deps: StripeWebhookDeps,
  paymentIntentId: string | null,
): Promise<string | null> {
  if (!paymentIntentId) return null;
  return (
    (await deps.orders.findOrderIdByPaymentIntent(paymentIntentId)) ??
    (await deps.stripe.findOrderIdOfPaymentIntent(paymentIntentId))
  );
}

/**
 * The subtotal, tax and buyer of a paid session. An event carries no tax breakdown (Stripe
 * sends it only when asked), so a taxed session is read once more for its rate; when that
 * fails the invoice works the rate out from the amounts.
 */
async function billingOf(
  deps: StripeWebhookDeps,
  session: z.infer<typeof SessionSchema>,
): Promise<PaymentBilling> {
  const taxCents = session.total_details?.amount_tax ?? null;
  let taxRate = taxRateOf(session.total_details?.breakdown?.taxes ?? []);
  if (taxRate === null && taxCents !== null && taxCents > 0) {
    taxRate = await deps.stripe.retrieveSession(session.id).then(
      (read) => read?.taxRate ?? null,
      () => null,
    );
  }
  const customer = customerOf(session.customer_details);
  return {
    subtotalCents: session.amount_subtotal ?? null,
    taxCents,
    taxRate,
    buyerName: customer?.name ?? null,
    buyerCountry: customer?.country ?? null,
    buyerTaxId: customer?.taxId ?? null,
  };
}

function orderIdOf(session: z.infer<typeof SessionSchema>): string | null {
  return session.metadata?.orderId ?? session.client_reference_id ?? null;
}

/** A correctly signed event this code cannot read: refused, so Stripe keeps it and retries. */
export class UnreadableEventError extends Error {
  constructor(event: Stripe.Event, issues: string) {
    super(`Event ${event.id} (${event.type}) is not in the expected shape: ${issues}`);
    this.name = 'UnreadableEventError';
  }
}

function read<T extends z.ZodType>(schema: T, value: unknown, event: Stripe.Event): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UnreadableEventError(event, z.prettifyError(parsed.error));
  return parsed.data;
}
