import { ErrorBodySchema, ErrorCode } from '@bindery/shared';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { PaymentProviderUnavailableError } from '../../adapters/payments/payment-provider.js';
import type { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import { AppError } from '../../errors.js';
import type { OrdersService } from '../orders/index.js';
import {
  handleStripeEvent,
  UnreadableEventError,
  type HandledEvent,
} from './stripe-webhook.service.js';

const ReceivedSchema = z.object({ received: z.literal(true) });
/** How far ahead of our clock a signature may be dated (the SDK's tolerance the other way). */
const MAX_FUTURE_SKEW_SECONDS = 300;

/**
 * POST /api/webhooks/stripe. Registered only when Stripe is the provider. The signature covers
 * the exact bytes Stripe sent, so this plugin (and only it) keeps JSON bodies as raw buffers.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  orders: OrdersService;
  stripe: StripePaymentProvider;
}> = async (app, { orders, stripe }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/stripe',
    {
      // Checked before the body is read: Stripe only ever sends JSON.
      onRequest: async (request) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json') {
          throw new AppError(
            415,
            ErrorCode.unsupportedMediaType,
            'Webhooks must be sent as application/json.',
          );
        }
      },
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: signature verified on the raw body, each event applied once',
        response: {
          200: ReceivedSchema,
          400: ErrorBodySchema,
          415: ErrorBodySchema,
          500: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const event = requireSignedEvent(stripe, request);
      const context = { eventId: event.id, eventType: event.type };
      requireApiVersion(stripe, event, request.log);
      const handled = await applyEvent({ orders, stripe }, event, request.log);
      logHandled(request.log, context, handled);
      return { received: true as const };
    },
  );
};

/** The event, once its signature holds for the exact bytes received; 400 otherwise. */
function requireSignedEvent(stripe: StripePaymentProvider, request: FastifyRequest): Stripe.Event {
  const rawBody = request.body;
  const header = request.headers['stripe-signature'];
  try {
    if (!Buffer.isBuffer(rawBody)) throw new Error('No webhook payload was provided.');
    const signature = typeof header === 'string' ? header : undefined;
    const event = stripe.verifyWebhook(rawBody, signature);
    // The SDK bounds a signature's age, not how far ahead of our clock it is dated.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature ?? '')?.[1]);
    if (signedAt > Date.now() / 1000 + MAX_FUTURE_SKEW_SECONDS) {
      throw new Error(`Signature timestamp ${signedAt} is in the future.`);
    }
    return event;
  } catch (error) {
    request.log.warn(
      { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) },
      'refused a Stripe webhook: signature not verified',
    );
    throw AppError.badRequest('Webhook signature verification failed.');
  }
}

function requireApiVersion(
  stripe: StripePaymentProvider,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): void {
  const context = { eventId: event.id, eventType: event.type };
  if (event.api_version !== stripe.apiVersion) {
    // Another version's objects may be shaped differently: refused (Stripe retries) and
    // logged, so the owner sets the endpoint's API version to ours.
    log.error(
      { ...context, apiVersion: event.api_version, expected: stripe.apiVersion },
      'refused a Stripe event of another API version: set the webhook endpoint to the expected version',
    );
    throw AppError.badRequest(
      `Events must use Stripe API version ${stripe.apiVersion}; this one uses ${String(event.api_version)}.`,
    );
  }
}

/** Applies the event; what a redelivery can mend answers 400 or 503, so Stripe sends it again. */
async function applyEvent(
  deps: { orders: OrdersService; stripe: StripePaymentProvider },
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<HandledEvent> {
  const context = { eventId: event.id, eventType: event.type };
  try {
    return await handleStripeEvent(deps, event);
  } catch (error) {
    if (error instanceof UnreadableEventError) {
      log.error({ ...context, err: error }, 'refused a Stripe event we cannot read');
      throw AppError.badRequest('The event is not in the expected shape.');
    }
    if (error instanceof PaymentProviderUnavailableError) {
      // A refund needed Stripe to name its order; Stripe redelivers the event later.
      log.warn({ ...context, err: error }, 'Stripe unavailable while handling event');
      throw AppError.unavailable('Stripe is unavailable; deliver the event again.', 60);
    }
    throw error; // a database failure: 500, and Stripe redelivers
  }
}

function logHandled(
  log: FastifyBaseLogger,
  context: { eventId: string; eventType: string },
  handled: HandledEvent,
): void {
  if (handled.action === 'ignored') {
    log.info({ ...context, reason: handled.reason }, 'Stripe event ignored');
  } else if (handled.result.kind === 'unknown-order') {
    log.warn(
      { ...context, orderId: handled.orderId },
      handled.outcome === 'paid'
        ? 'Stripe payment for an order the store does not have: kept for review'
        : 'Stripe event names no order',
    );
  } else if (handled.result.kind === 'mismatch') {
    log.error(
      { ...context, orderId: handled.orderId, reason: handled.result.reason },
      'Stripe payment does not match its order: not fulfilled, flagged for review',
    );
  } else if (
    handled.outcome === 'paid' &&
    handled.result.kind === 'unchanged' &&
    handled.result.status === 'canceled'
  ) {
    log.error(
      { ...context, orderId: handled.orderId },
      'Stripe took a payment for a canceled order: flagged; grant access or refund it from the admin orders screen',
    );
  } else {
    log.info(
      { ...context, orderId: handled.orderId, result: handled.result },
      'Stripe event applied',
    );
  }
}
