import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { OrdersService } from '../orders/index.js';
import type { ProviderCalls } from './provider-calls.js';

/** Orders looked at per reconciliation pass; the rest wait for the next one. */
const RECONCILE_BATCH = 100;

export interface ReconciliationOptions {
  orders: Pick<OrdersService, 'listPendingToReconcile' | 'applyOutcome' | 'flagForReview'>;
  payments: PaymentProvider;
  calls: Pick<ProviderCalls, 'applyProviderSession'>;
  /** CHECKOUT_SESSION_MINUTES, in milliseconds. */
  sessionMs: number;
  clock: () => number;
}

/** The scheduled pass that settles checkouts nobody told the store about. */
export function createReconciliation({
  orders,
  payments,
  calls,
  sessionMs,
  clock,
}: ReconciliationOptions) {
  const { applyProviderSession } = calls;
  return {
    /**
     * Settles pending orders whose checkout has ended, in case no webhook or success page did:
     * asks the provider and applies what it says (paid, or expired → canceled). A checkout that
     * never opened (the provider was unreachable) is canceled. Returns how many orders it looked at.
     */
    async reconcilePendingOrders(): Promise<number> {
      const due = await orders.listPendingToReconcile(
        clock() - sessionMs,
        payments.name,
        RECONCILE_BATCH,
      );
      for (const order of due) {
        if (order.providerSessionId === null) {
          await orders.applyOutcome({
            orderId: order.id,
            result: 'canceled',
            source: 'checkout never opened',
          });
          continue;
        }
        // Provider trouble ends this pass; the next one tries again.
        const session = await payments.retrieveSession(order.providerSessionId);
        if (session) await applyProviderSession(order, session, 'reconciliation');
        else {
          await orders.flagForReview(
            order.id,
            `the payment provider does not know checkout session ${order.providerSessionId}`,
          );
        }
      }
      return due.length;
    },
  };
}
