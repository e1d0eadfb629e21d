import type Stripe from 'stripe';
import { z } from 'zod';
import type { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import type { Db } from '../../db/client.js';
import {
  applyPaymentOutcome,
  findOrderIdByPaymentIntent,
  type OutcomeResult,
  type PaymentOutcome,
} from '../orders/fulfilment.js';

export interface StripeWebhookDeps {
  db: Db;
  stripe: Pick<StripePaymentProvider, 'findOrderIdOfPaymentIntent'>;
  now?: () => number;
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
const SessionSchema = z.object({
  id: z.string(),
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
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

/**
 * Turns a verified Stripe event into at most one payment outcome. Every outcome goes through
 * applyPaymentOutcome with the event id, so redelivered, concurrent and out-of-order events
 * change an order at most once and only along pending → paid | canceled, paid → refunded.
 */
export async function handleStripeEvent(
  deps: StripeWebhookDeps,
  event: Stripe.Event,
): Promise<HandledEvent> {
  const now = deps.now ?? Date.now;
  const source = `webhook:${event.type}`;
  const apply = async (outcome: Omit<PaymentOutcome, 'source' | 'eventId'>) => {
    const result = await applyPaymentOutcome(
      deps.db,
      { ...outcome, source, eventId: event.id },
      now(),
    );
    return {
      action: 'applied',
      orderId: outcome.orderId,
      outcome: outcome.result,
      result,
    } as const;
  };

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
        amountCents: session.amount_total,
        currency: session.currency,
        paymentIntentId: session.payment_intent,
      });
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = read(SessionSchema, event.data.object, event);
      const orderId = orderIdOf(session);
      if (!orderId) return { action: 'ignored', reason: 'session names no order' };
      return apply({ orderId, result: 'canceled' });
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
      const paymentIntentId = charge.payment_intent;
      if (!paymentIntentId) return { action: 'ignored', reason: 'charge has no payment intent' };
      // The refund can arrive before the payment told us its payment intent: ask Stripe.
      const orderId =
        (await findOrderIdByPaymentIntent(deps.db, paymentIntentId)) ??
        (await deps.stripe.findOrderIdOfPaymentIntent(paymentIntentId));
      if (!orderId) return { action: 'ignored', reason: 'payment intent names no order' };
      return apply({ orderId, result: 'refunded', paymentIntentId });
    }
    default:
      return { action: 'ignored', reason: 'event type not handled' };
  }
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
