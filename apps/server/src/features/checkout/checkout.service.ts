import {
  CatalogMessages,
  CheckoutMessages,
  type CheckoutSessionResponse,
  type DownloadLinkResponse,
} from '@bindery/shared';
import {
  PaymentProviderUnavailableError,
  type CreatedCheckoutSession,
  type PaymentProvider,
  type ProviderSession,
} from '../../adapters/payments/payment-provider.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { SessionUser } from '../auth/auth.service.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { DownloadsService } from '../downloads/downloads.service.js';
import type { OrderRow, OrdersService } from '../orders/orders.service.js';

const MINUTE = 60_000;
/** Orders looked at per reconciliation pass; the rest wait for the next one. */
const RECONCILE_BATCH = 100;
const RETRY_AFTER_SECONDS = 5;
const REUSE_MARGIN_MS = 5 * MINUTE;

export interface CheckoutServiceOptions {
  orders: OrdersService;
  catalog: Pick<CatalogService, 'getProductForSale'>;
  payments: PaymentProvider;
  downloads: Pick<DownloadsService, 'createLink'>;
  config: Pick<Config, 'publicUrl'> & {
    payments: Pick<Config['payments'], 'checkoutSessionMinutes'>;
  };
  clock?: () => number;
  /** Where provider trouble is reported; the buyer only sees the retry message. */
  log?: { warn(details: object, message: string): void };
}

export function createCheckoutService({
  orders,
  catalog,
  payments,
  downloads,
  config,
  clock = Date.now,
  log,
}: CheckoutServiceOptions) {
  const sessionMs = config.payments.checkoutSessionMinutes * MINUTE;

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
        amountCents: session.amountTotal,
        currency: session.currency,
        paymentIntentId: session.paymentIntentId,
      });
    } else if (session.status === 'expired') {
      await orders.applyOutcome({ orderId: order.id, result: 'canceled', source });
    }
  }

  return {
    /**
     * A pending order at the catalogue's price and a hosted checkout for it. Whatever else the
     * body held (price, amount, currency) was dropped by the schema and is never read.
     */
    async createCheckout(user: SessionUser, productId: string): Promise<CheckoutSessionResponse> {
      const product = await catalog.getProductForSale(productId);
      if (!product) throw AppError.notFound(CatalogMessages.productNotFound);
      // Reused only while its checkout has at least five minutes left to pay in.
      const reusable = await orders.findReusablePendingOrder({
        userId: user._id,
        productId: product.id,
        amountCents: product.priceCents,
        provider: payments.name,
        since: clock() - sessionMs + REUSE_MARGIN_MS,
      });
      const order =
        reusable ??
        (await orders.createPendingOrder({ userId: user._id, product, provider: payments.name }));
      let session: CreatedCheckoutSession;
      try {
        session = await payments.createCheckoutSession({
          orderId: order.id,
          productTitle: product.title,
          amountCents: order.amountCents,
          currency: order.currency,
          customerEmail: user.email,
          successUrl: `${config.publicUrl}/store/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${config.publicUrl}/store/cancel`,
          // From the order, so asking again for the same order asks for exactly the same session.
          expiresAt: order.createdAt + sessionMs,
          idempotencyKey: `checkout-${order.id}`,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderUnavailableError)) throw error;
        log?.warn({ err: error, orderId: order.id }, 'payment provider unavailable at checkout');
        throw AppError.unavailable(CheckoutMessages.providerUnavailable, RETRY_AFTER_SECONDS);
      }
      await orders.attachCheckoutSession(order.id, session.sessionId);
      return { url: session.url };
    },

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
          if (!(error instanceof PaymentProviderUnavailableError)) throw error;
          // The buyer sees "not confirmed yet" and retries; the webhook may arrive meanwhile.
          log?.warn({ err: error, orderId: order.id }, 'payment provider unavailable at success');
        }
        order = await orders.requireOwnOrder(order.id, user._id);
      }
      return downloads.createLink(orders.requireDownloadable(order).id);
    },

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

export type CheckoutService = ReturnType<typeof createCheckoutService>;
