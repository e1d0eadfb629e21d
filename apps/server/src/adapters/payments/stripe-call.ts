import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import {
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
} from './payment-provider.js';

const require = createRequire(import.meta.url);
let stripeLibrary: typeof Stripe | undefined;

/** Stripe's library, loaded by a store that takes payments through Stripe: others start without it. */
export function loadStripe(): typeof Stripe {
  stripeLibrary ??= require('stripe') as typeof Stripe;
  return stripeLibrary;
}

/**
 * Runs one SDK call within the deadline and turns Stripe being unreachable, slow or failing on
 * its side into PaymentProviderUnavailableError, and a refusal (a bad key, a rejected request)
 * into PaymentProviderRefusedError: never an error whose status a handler could pass to a buyer.
 */
export async function call<T>(deadlineMs: number, request: () => Promise<T>): Promise<T> {
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

export function isNotFound(error: unknown): boolean {
  return error instanceof PaymentProviderRefusedError && error.providerStatus === 404;
}

export function isRefused(error: unknown): boolean {
  return error instanceof PaymentProviderRefusedError && error.providerStatus === 400;
}
