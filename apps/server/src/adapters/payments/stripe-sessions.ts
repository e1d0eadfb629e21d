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
    amountSubtotal: session.amount_subtotal,
    amountTax: session.total_details?.amount_tax ?? null,
    taxRate: taxRateOf(session.total_details?.breakdown?.taxes ?? []),
    currency: session.currency,
    paymentIntentId:
      typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
    customer: customerOf(session.customer_details),
  };
}

/** One tax shape Stripe sends per rate: in a checkout's breakdown, or a line's `taxes`. */
export interface StripeTaxAmount {
  amount: number;
  rate: { percentage: number | null };
}

/**
 * The rate a session charged, as a decimal percentage: the sum of the rates that took money
 * (a Canadian GST and PST are one line's two taxes); null when Stripe did not list them.
 */
export function taxRateOf(taxes: readonly StripeTaxAmount[]): string | null {
  const charged = taxes.filter((tax) => tax.amount > 0 && tax.rate.percentage !== null);
  if (charged.length === 0) return null;
  const sum = charged.reduce((total, tax) => total + tax.rate.percentage! * 1000, 0);
  return String(Math.round(sum) / 1000);
}

/** The buyer as Checkout collected them: name, billing country, first tax ID. */
export function customerOf(
  details:
    | {
        name?: string | null;
        address?: { country?: string | null } | null;
        tax_ids?: Array<{ value?: string | null }> | null;
      }
    | null
    | undefined,
): ProviderSession['customer'] {
  if (!details) return null;
  return {
    name: details.name?.trim() || null,
    country: details.address?.country?.toUpperCase() || null,
    taxId: details.tax_ids?.find((taxId) => taxId.value)?.value ?? null,
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
