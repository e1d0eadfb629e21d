import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import {
  PaymentProviderRefusedError,
  type CreateCheckoutSessionInput,
  type CreatedCheckoutSession,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSession,
  type RefundPaymentInput,
} from './payment-provider.js';
import { call, isNotFound, isRefused, loadStripe } from './stripe-call.js';
import {
  SESSION_ID_SHAPE,
  absolute,
  refundStatus,
  stripeExpiry,
  toProviderSession,
} from './stripe-sessions.js';

export { stripeExpiry } from './stripe-sessions.js';

export type StripeConfig = NonNullable<Config['payments']['stripe']>;

export interface StripeProviderOptions {
  /** Relative success/cancel URLs are resolved against it. */
  publicUrl: string;
  /**
   * The longest a buyer waits for Stripe, retry included, before checkout answers 503;
   * by default the config's `timeoutMs`, else 10 s.
   */
  timeoutMs?: number;
  /** The clock checkout expiries are computed from (tests move it). */
  clock?: () => number;
}

/**
 * The Stripe API version this code reads and writes. Requests carry it; events of another
 * version are refused (their shapes may differ), so set the webhook endpoint to this version.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Stripe Checkout, plus what its webhook route needs beyond the common interface. */
export interface StripePaymentProvider extends PaymentProvider {
  readonly name: 'stripe';
  /**
   * Checks the Stripe-Signature header against the raw body (HMAC with the webhook secret,
   * timestamp at most 300 s old) and returns the parsed event; throws when it does not hold.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Stripe.Event;
  /** The API version events must carry. */
  readonly apiVersion: string;
  /** The order a payment belongs to, from the metadata we gave the payment at checkout. */
  findOrderIdOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
}

export const DEFAULT_STRIPE_TIMEOUT_MS = 10_000;

/** What each Stripe call needs: the SDK client, the deadline, the clock and the public URL. */
interface StripeContext {
  stripe: Stripe;
  timeoutMs: number;
  clock: () => number;
  publicUrl: string;
}

export function createStripeProvider(
  config: StripeConfig,
  options: StripeProviderOptions,
): StripePaymentProvider {
  const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_STRIPE_TIMEOUT_MS;
  const stripe = new (loadStripe())(config.secretKey, {
    ...(config.api ?? {}),
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    // Half the budget per attempt, so the one retry (after 0.5–1 s) still fits when the first
    // attempt fails fast; the deadline below bounds the whole call either way.
    timeout: Math.max(1, Math.floor(timeoutMs / 2)),
    maxNetworkRetries: 1,
    telemetry: false,
  });
  const ctx: StripeContext = {
    stripe,
    timeoutMs,
    clock: options.clock ?? Date.now,
    publicUrl: options.publicUrl,
  };

  return {
    name: 'stripe',
    createCheckoutSession: (input) => createCheckoutSession(ctx, input),
    retrieveSession: (sessionId) => retrieveSession(ctx, sessionId),
    expireSession: (sessionId) => expireSession(ctx, sessionId),
    refundPayment: (input) => refundPayment(ctx, input),
    apiVersion: STRIPE_API_VERSION,
    verifyWebhook(rawBody, signatureHeader) {
      return stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', config.webhookSecret);
    },
    findOrderIdOfPaymentIntent: (paymentIntentId) =>
      findOrderIdOfPaymentIntent(ctx, paymentIntentId),
  };
}

async function createCheckoutSession(
  { stripe, timeoutMs, clock, publicUrl }: StripeContext,
  input: CreateCheckoutSessionInput,
): Promise<CreatedCheckoutSession> {
  const session = await call(timeoutMs, () =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency,
              // Always the order's amount, which checkout read from the database.
              unit_amount: input.amountCents,
              product_data: {
                name: input.productTitle,
                ...(input.tax ? { tax_code: input.tax.code } : {}),
              },
              ...(input.tax ? { tax_behavior: input.tax.behavior } : {}),
            },
          },
        ],
        // Stripe Tax (decision 033): the rate comes from the billing address, a business
        // buyer's tax ID may reverse-charge it, and both land on the invoice.
        ...(input.tax
          ? {
              automatic_tax: { enabled: true },
              billing_address_collection: 'required' as const,
              tax_id_collection: { enabled: true },
            }
          : {}),
        client_reference_id: input.orderId,
        metadata: { orderId: input.orderId },
        // Refund events name only the payment; this leads them back to the order.
        payment_intent_data: { metadata: { orderId: input.orderId } },
        customer_email: input.customerEmail,
        success_url: absolute(input.successUrl, publicUrl),
        cancel_url: absolute(input.cancelUrl, publicUrl),
        expires_at: stripeExpiry(input.expiresAt, clock()),
        // Converting to the buyer's currency would change amount_total and currency, and a
        // paid session must match the order exactly to be fulfilled.
        adaptive_pricing: { enabled: false },
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
  return { sessionId: session.id, url: session.url, expiresAt: session.expires_at * 1000 };
}

async function retrieveSession(
  { stripe, timeoutMs }: StripeContext,
  sessionId: string,
): Promise<ProviderSession | null> {
  // A session id goes into the request path; anything unlike one is not a session of ours.
  if (!SESSION_ID_SHAPE.test(sessionId)) return null;
  try {
    // The breakdown names the rate charged, for the invoice; Stripe sends it only when asked.
    const session = await call(timeoutMs, () =>
      stripe.checkout.sessions.retrieve(sessionId, { expand: ['total_details.breakdown'] }),
    );
    return toProviderSession(session);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function expireSession(
  ctx: StripeContext,
  sessionId: string,
): Promise<ProviderSession | null> {
  if (!SESSION_ID_SHAPE.test(sessionId)) return null;
  try {
    const session = await call(ctx.timeoutMs, () => ctx.stripe.checkout.sessions.expire(sessionId));
    return toProviderSession(session);
  } catch (error) {
    if (isNotFound(error)) return null;
    // Stripe expires only open sessions: one already paid or expired is answered as it is.
    if (isRefused(error)) return retrieveSession(ctx, sessionId);
    throw error;
  }
}

async function refundPayment(
  ctx: StripeContext,
  input: RefundPaymentInput,
): Promise<ProviderRefund> {
  let paymentIntentId = input.paymentIntentId;
  if (!paymentIntentId && input.sessionId) {
    paymentIntentId = (await retrieveSession(ctx, input.sessionId))?.paymentIntentId ?? null;
  }
  if (!paymentIntentId) {
    throw new PaymentProviderRefusedError(
      `order ${input.orderId} has no Stripe payment to refund`,
      undefined,
    );
  }
  const refund = await call(ctx.timeoutMs, () =>
    ctx.stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        amount: input.amountCents,
        reason: 'requested_by_customer',
        // refund.updated events name the refund; this leads them back to the order.
        metadata: { orderId: input.orderId },
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
  return { id: refund.id, status: refundStatus(refund.status) };
}

async function findOrderIdOfPaymentIntent(
  { stripe, timeoutMs }: StripeContext,
  paymentIntentId: string,
): Promise<string | null> {
  if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(paymentIntentId)) return null;
  try {
    const intent = await call(timeoutMs, () => stripe.paymentIntents.retrieve(paymentIntentId));
    return intent.metadata.orderId ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe' && 'verifyWebhook' in provider;
}
