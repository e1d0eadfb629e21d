import { CheckoutMessages } from '@bindery/shared';
import {
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
  type PaymentProvider,
  type ProviderSession,
} from '../../adapters/payments/payment-provider.js';
import { AppError } from '../../errors.js';
import type { OrderRow, OrdersService, PaymentBilling } from '../orders/index.js';

const RETRY_AFTER_SECONDS = 5;

/** Where provider trouble is reported with the order it concerns; buyers see a plain message. */
export interface CheckoutLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ProviderCallsOptions {
  orders: Pick<OrdersService, 'applyOutcome' | 'flagForReview'>;
  payments: PaymentProvider;
  log?: CheckoutLog;
}

/** Whether an error is the provider's trouble (unreachable or refusing), not ours. */
export const isProviderTrouble = (error: unknown) =>
  error instanceof PaymentProviderUnavailableError || error instanceof PaymentProviderRefusedError;

/**
 * Talking to the provider about an order: one call with its failures turned into answers, what
 * the provider says about a session applied to the order, and closing a checkout.
 */
export function createProviderCalls({ orders, payments, log }: ProviderCallsOptions) {
  /**
   * Runs one provider call about an order. Unreachable → 503 (the buyer retries); refused (a bad
   * key, a request it will not take) → logged with the order id, 502 with `refusedMessage`. The
   * provider's own words never reach a buyer, and no provider status is passed on (a 401 from
   * the provider is not the buyer's session ending).
   */
  async function askProvider<T>(
    orderId: string,
    refusedMessage: string,
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) {
        log?.warn({ err: error, orderId }, 'payment provider unavailable');
        throw AppError.unavailable(CheckoutMessages.providerUnavailable, RETRY_AFTER_SECONDS);
      }
      if (error instanceof PaymentProviderRefusedError) {
        log?.error({ err: error, orderId }, 'payment provider refused a request');
        throw AppError.badGateway(refusedMessage);
      }
      throw error;
    }
  }

  /** What the provider says about an order's session, applied to the order (once). */
  async function applyProviderSession(order: OrderRow, session: ProviderSession, source: string) {
    if (session.orderId !== null && session.orderId !== order.id) {
      await orders.flagForReview(order.id, `checkout session ${session.id} names another order`);
      return;
    }
    if (session.status === 'complete' && session.paymentStatus === 'paid') {
      // A paid session that disagrees with the order (amount, currency) is flagged, not fulfilled.
      await orders.applyOutcome({
        orderId: order.id,
        result: 'paid',
        source,
        sessionId: session.id,
        amountCents: session.amountTotal,
        currency: session.currency,
        billing: billingOf(session),
        paymentIntentId: session.paymentIntentId,
      });
    } else if (session.status === 'expired') {
      await orders.applyOutcome({
        orderId: order.id,
        result: 'canceled',
        source,
        sessionId: session.id,
      });
    }
  }

  /**
   * Closes an order's open checkout at the provider so it can no longer be paid, and applies
   * what the provider says it is now; `complete` means the buyer paid (or is paying) first.
   */
  async function closeCheckout(order: OrderRow, source: string): Promise<ProviderSession | null> {
    const sessionId = order.providerSessionId;
    if (sessionId === null || order.provider !== payments.name) return null;
    const closed = await askProvider(order.id, CheckoutMessages.providerFailed, () =>
      payments.expireSession(sessionId),
    );
    if (closed) await applyProviderSession(order, closed, source);
    return closed;
  }

  return { askProvider, applyProviderSession, closeCheckout };
}

export type ProviderCalls = ReturnType<typeof createProviderCalls>;

/** What a paid session says beyond its total, as the order records it. */
export const billingOf = (session: ProviderSession): PaymentBilling => ({
  subtotalCents: session.amountSubtotal,
  taxCents: session.amountTax,
  taxRate: session.taxRate,
  buyerName: session.customer?.name ?? null,
  buyerCountry: session.customer?.country ?? null,
  buyerTaxId: session.customer?.taxId ?? null,
});
