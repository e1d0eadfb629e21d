import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import {
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
  type CreateCheckoutSessionInput,
  type CreatedCheckoutSession,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSession,
  type RefundPaymentInput,
} from './payment-provider.js';

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

const require = createRequire(import.meta.url);
let stripeLibrary: typeof Stripe | undefined;

/** Stripe's library, loaded by a store that takes payments through Stripe: others start without it. */
function loadStripe(): typeof Stripe {
  stripeLibrary ??= require('stripe') as typeof Stripe;
  return stripeLibrary;
}

export function createStripeProvider(
  config: StripeConfig,
  options: StripeProviderOptions,
): StripePaymentProvider {
  const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_STRIPE_TIMEOUT_MS;
  const clock = options.clock ?? Date.now;
  const stripe = new (loadStripe())(config.secretKey, {
    ...(config.api ?? {}),
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    // Half the budget per attempt, so the one retry (after 0.5–1 s) still fits when the first
    // attempt fails fast; the deadline below bounds the whole call either way.
    timeout: Math.max(1, Math.floor(timeoutMs / 2)),
    maxNetworkRetries: 1,
    telemetry: false,
  });

  async function retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    // A session id goes into the request path; anything unlike one is not a session of ours.
    if (!SESSION_ID_SHAPE.test(sessionId)) return null;
    try {
      const session = await call(timeoutMs, () => stripe.checkout.sessions.retrieve(sessionId));
      return toProviderSession(session);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',

    async createCheckoutSession(
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
                  product_data: { name: input.productTitle },
                },
              },
            ],
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId },
            // Refund events name only the payment; this leads them back to the order.
            payment_intent_data: { metadata: { orderId: input.orderId } },
            customer_email: input.customerEmail,
            success_url: absolute(input.successUrl, options.publicUrl),
            cancel_url: absolute(input.cancelUrl, options.publicUrl),
            expires_at: stripeExpiry(input.expiresAt, clock()),
            // Converting to the buyer's currency would change amount_total and currency, and a
            // paid session must match the order exactly to be fulfilled.
            adaptive_pricing: { enabled: false },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url, expiresAt: session.expires_at * 1000 };
    },

    retrieveSession,

    async expireSession(sessionId: string): Promise<ProviderSession | null> {
      if (!SESSION_ID_SHAPE.test(sessionId)) return null;
      try {
        const session = await call(timeoutMs, () => stripe.checkout.sessions.expire(sessionId));
        return toProviderSession(session);
      } catch (error) {
        if (isNotFound(error)) return null;
        // Stripe expires only open sessions: one already paid or expired is answered as it is.
        if (isRefused(error)) return retrieveSession(sessionId);
        throw error;
      }
    },

    async refundPayment(input: RefundPaymentInput): Promise<ProviderRefund> {
      let paymentIntentId = input.paymentIntentId;
      if (!paymentIntentId && input.sessionId) {
        paymentIntentId = (await retrieveSession(input.sessionId))?.paymentIntentId ?? null;
      }
      if (!paymentIntentId) {
        throw new PaymentProviderRefusedError(
          `order ${input.orderId} has no Stripe payment to refund`,
          undefined,
        );
      }
      const refund = await call(timeoutMs, () =>
        stripe.refunds.create(
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
    },

    apiVersion: STRIPE_API_VERSION,

    verifyWebhook(rawBody, signatureHeader) {
      return stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', config.webhookSecret);
    },

    async findOrderIdOfPaymentIntent(paymentIntentId) {
      if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(paymentIntentId)) return null;
      try {
        const intent = await call(timeoutMs, () => stripe.paymentIntents.retrieve(paymentIntentId));
        return intent.metadata.orderId ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}

const SESSION_ID_SHAPE = /^cs_[A-Za-z0-9_]{1,250}$/;

/** Stripe's refund states as ours: anything not yet final reads as pending. */
function refundStatus(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

export function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe' && 'verifyWebhook' in provider;
}

function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
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
function absolute(url: string, publicUrl: string): string {
  return /^https?:\/\//i.test(url)
    ? url
    : `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

function oneOf<T extends string>(value: string | null, known: readonly T[], fallback: T): T {
  return known.find((candidate) => candidate === value) ?? fallback;
}

/**
 * Runs one SDK call within the deadline and turns Stripe being unreachable, slow or failing on
 * its side into PaymentProviderUnavailableError, and a refusal (a bad key, a rejected request)
 * into PaymentProviderRefusedError: never an error whose status a handler could pass to a buyer.
 */
async function call<T>(deadlineMs: number, request: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const pending = request();
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new PaymentProviderUnavailableError(`Stripe did not answer within ${deadlineMs} ms`),
        ),
      deadlineMs,
    );
  });
  // The SDK call may still settle after the deadline; nobody is listening by then.
  pending.catch(() => {});
  try {
    return await Promise.race([pending, deadline]);
  } catch (error) {
    if (isUnavailable(error)) {
      throw error instanceof PaymentProviderUnavailableError
        ? error
        : new PaymentProviderUnavailableError('Stripe is unavailable', { cause: error });
    }
    if (error instanceof loadStripe().errors.StripeError) {
      throw new PaymentProviderRefusedError(
        `Stripe refused the request (${error.type}${error.code ? `, ${error.code}` : ''}): ${error.message}`,
        error.statusCode,
        error.code,
        { cause: error },
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function isUnavailable(error: unknown): boolean {
  if (error instanceof PaymentProviderUnavailableError) return true;
  if (error instanceof loadStripe().errors.StripeConnectionError) return true;
  if (error instanceof loadStripe().errors.StripeRateLimitError) return true;
  if (error instanceof loadStripe().errors.StripeAPIError) return true;
  return error instanceof loadStripe().errors.StripeError && (error.statusCode ?? 0) >= 500;
}

function isNotFound(error: unknown): boolean {
  return error instanceof PaymentProviderRefusedError && error.providerStatus === 404;
}

function isRefused(error: unknown): boolean {
  return error instanceof PaymentProviderRefusedError && error.providerStatus === 400;
}
