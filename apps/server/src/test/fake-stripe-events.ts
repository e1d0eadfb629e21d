import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';

/* Webhook events as Stripe builds, signs and delivers them, beside the Stripe-shaped server. */

export const TEST_WEBHOOK_SECRET = 'whsec_test_bindery_webhook_secret';

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface StripeEventPayload {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** An event as Stripe builds it; `id` fixed when a test redelivers the same event. */
export function stripeEvent(
  type: string,
  object: unknown,
  id = randomId('evt'),
): StripeEventPayload {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The Stripe-Signature header for these exact bytes, as Stripe computes it. */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

export interface PostEventOptions {
  /** The webhook secret to sign with; the test app's by default. */
  secret?: string;
  /** Seconds since the epoch the signature claims; now by default. */
  timestamp?: number;
  /** Send this header instead of a correct one; null sends none. */
  signature?: string | null;
  contentType?: string;
}

/**
 * Signs and delivers an event the way Stripe does: pretty-printed JSON (as Stripe sends it),
 * signed over those exact bytes. A string payload is sent as it is.
 */
export function postStripeEvent(
  app: FastifyInstance,
  event: StripeEventPayload | string,
  options: PostEventOptions = {},
): Promise<LightMyRequestResponse> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined
      ? signStripePayload(payload, options.secret ?? TEST_WEBHOOK_SECRET, options.timestamp)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': options.contentType ?? 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}
