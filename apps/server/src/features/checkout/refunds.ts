import { OrderMessages, type AdminOrder } from '@bindery/shared';
import {
  PaymentProviderRefusedError,
  type PaymentProvider,
} from '../../adapters/payments/payment-provider.js';
import { AppError } from '../../errors.js';
import { canRefund, type OrdersService } from '../orders/index.js';
import type { CheckoutLog, ProviderCalls } from './provider-calls.js';

export interface RefundsOptions {
  orders: Pick<OrdersService, 'requireOrder' | 'applyOutcome' | 'getAdminOrder'>;
  payments: PaymentProvider;
  calls: Pick<ProviderCalls, 'askProvider'>;
  log?: CheckoutLog;
}

/** The owner's refund, made at the provider and then applied to the order once. */
export function createRefunds({ orders, payments, calls, log }: RefundsOptions) {
  const { askProvider } = calls;
  return {
    /**
     * The owner refunds an order in full through the provider, once: a repeated or concurrent
     * click uses the same idempotency key and event id, so nothing is refunded twice. 409 when
     * there is nothing to refund.
     */
    async refundOrder(orderId: string): Promise<AdminOrder> {
      const order = await orders.requireOrder(orderId);
      if (order.status === 'refunded') throw AppError.conflict(OrderMessages.alreadyRefunded);
      if (!canRefund(order)) throw AppError.conflict(OrderMessages.notRefundable);
      // One key per state of the order a click saw: clicks on the same paid order share it,
      // while a refund after a failed one (the order changed since) gets a new one.
      const idempotencyKey = `refund-${order.id}-${order.updatedAt}`;
      // A free download took no money: refunding it only ends the buyer's access.
      const refund =
        order.amountCents === 0
          ? { id: `free-${idempotencyKey}`, status: 'succeeded' as const }
          : await askProvider(order.id, OrderMessages.refundProviderFailed, async () => {
              try {
                return await payments.refundPayment({
                  orderId: order.id,
                  sessionId: order.providerSessionId,
                  paymentIntentId: order.paymentIntentId,
                  amountCents: order.amountCents,
                  idempotencyKey,
                });
              } catch (error) {
                // Refunded at the provider already (its dashboard); the webhook may not be here yet.
                if (
                  error instanceof PaymentProviderRefusedError &&
                  error.code === 'charge_already_refunded'
                )
                  return {
                    id: `already-refunded-${idempotencyKey}`,
                    status: 'succeeded' as const,
                  };
                throw error;
              }
            });
      if (refund.status === 'failed') {
        log?.error({ orderId, refundId: refund.id }, 'the payment provider failed the refund');
        throw AppError.badGateway(OrderMessages.refundProviderFailed);
      }
      await orders.applyOutcome({
        orderId: order.id,
        result: 'refunded',
        source: 'refund by the owner',
        eventId: `refund:${refund.id}`,
        refundId: refund.id,
      });
      return orders.getAdminOrder(order.id);
    },
  };
}
