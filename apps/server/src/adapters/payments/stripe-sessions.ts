import type Stripe from 'stripe';
import type { ProviderRefund, ProviderSession } from './payment-provider.js';

export const SESSION_ID_SHAPE = /^cs_[A-Za-z0-9_]{1,250}$/;

/** Stripe's refund states as ours: anything not yet final reads as pending. */
export function refundStatus(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const paymentIntent = session.payment_intent;
  return {
    id: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    // Values newer than this code are read as "not done yet", never as paid.
    status: oneOf(session.status, ['open', 'complete', 'expired'] as const, 'open'),
    paymentStatus: oneOf(
      session.payment_status,
      ['paid', 'unpaid', 'no_payment_required'] as const,
      'unpaid',
    ),
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntentId:
      typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
  };
}

const MINUTE_S = 60;
/** Stripe accepts expires_at from 30 minutes to 24 hours after it creates the session. */
const STRIPE_MIN_EXPIRY_S = 30 * MINUTE_S;
const STRIPE_MAX_EXPIRY_S = 24 * 60 * MINUTE_S;

/**
 * The order's expiry in Stripe's seconds, moved inside Stripe's window with a minute to spare:
 * an expiry exactly 30 minutes after the order was made is already under the minimum when the
 * request reaches Stripe, which would refuse every checkout. Stripe's own expired event still
 * decides when the order is canceled.
 */
export function stripeExpiry(expiresAtMs: number, nowMs: number): number {
  const now = Math.ceil(nowMs / 1000);
  const wanted = Math.ceil(expiresAtMs / 1000);
  return Math.min(
    Math.max(wanted, now + STRIPE_MIN_EXPIRY_S + MINUTE_S),
    now + STRIPE_MAX_EXPIRY_S - MINUTE_S,
  );
}

/** Kept byte for byte when absolute: URL parsing would encode the {CHECKOUT_SESSION_ID} braces. */
export function absolute(url: string, publicUrl: string): string {
  return /^https?:\/\//i.test(url)
    ? url
    : `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

function oneOf<T extends string>(value: string | null, known: readonly T[], fallback: T): T {
  return known.find((candidate) => candidate === value) ?? fallback;
}
