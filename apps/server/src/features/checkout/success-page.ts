import type { DownloadLinkResponse } from '@bindery/shared';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { SessionUser } from '../../plugins/session.js';
import type { DownloadsService } from '../downloads/index.js';
import type { OrdersService } from '../orders/index.js';
import { isProviderTrouble, type CheckoutLog, type ProviderCalls } from './provider-calls.js';

export interface SuccessPageOptions {
  orders: Pick<
    OrdersService,
    'requireOwnOrderBySession' | 'requireOwnOrder' | 'requireDownloadable'
  >;
  payments: PaymentProvider;
  downloads: Pick<DownloadsService, 'createLink'>;
  calls: Pick<ProviderCalls, 'applyProviderSession'>;
  log?: CheckoutLog;
}

/** The buyer back from the provider: the payment confirmed, and the file handed out. */
export function createSuccessPage({ orders, payments, downloads, calls, log }: SuccessPageOptions) {
  const { applyProviderSession } = calls;
  return {
    /**
     * The success page's call. Only the caller's own order answers (404 otherwise, whatever the
     * id). A pending order is confirmed with the provider first, so a buyer back before the
     * webhook still gets the file; the webhook and this lookup end in the same once-only change.
     */
    async createDownloadLinkForSession(
      user: SessionUser,
      sessionId: string,
    ): Promise<DownloadLinkResponse> {
      let order = await orders.requireOwnOrderBySession(sessionId, user._id);
      if (order.status === 'pending' && order.provider === payments.name) {
        try {
          const session = await payments.retrieveSession(sessionId);
          if (session) await applyProviderSession(order, session, 'success-page');
        } catch (error) {
          if (!isProviderTrouble(error)) throw error;
          // The buyer sees "not confirmed yet" and retries; the webhook may arrive meanwhile.
          log?.warn({ err: error, orderId: order.id }, 'payment provider not answering at success');
        }
        order = await orders.requireOwnOrder(order.id, user._id);
      }
      return downloads.createLink(orders.requireDownloadable(order).id);
    },
  };
}
