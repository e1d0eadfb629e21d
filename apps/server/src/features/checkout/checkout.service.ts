import { createHash, randomBytes } from 'node:crypto';
import {
  CatalogMessages,
  CheckoutMessages,
  OrderMessages,
  type AdminOrder,
  type CheckoutSessionResponse,
  type DownloadLinkResponse,
} from '@bindery/shared';
import {
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
  type PaymentProvider,
  type ProviderSession,
} from '../../adapters/payments/payment-provider.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { SessionUser } from '../../plugins/session.js';
import type { CatalogService } from '../catalog/index.js';
import type { DownloadsService } from '../downloads/downloads.service.js';
import { canRefund, type OrderRow, type OrdersService } from '../orders/orders.service.js';

const MINUTE = 60_000;
/** Orders looked at per reconciliation pass; the rest wait for the next one. */
const RECONCILE_BATCH = 100;
const RETRY_AFTER_SECONDS = 5;
/** An open checkout is handed out again only while it leaves the buyer this long to pay. */
const REUSE_MARGIN_MS = 5 * MINUTE;

export interface CheckoutServiceOptions {
  orders: OrdersService;
  catalog: Pick<CatalogService, 'getProductForSale' | 'archiveProduct' | 'purgeArchivedProduct'>;
  payments: PaymentProvider;
  downloads: Pick<DownloadsService, 'createLink'>;
  config: { payments: Pick<Config['payments'], 'checkoutSessionMinutes'> };
  clock?: () => number;
  /** Where provider trouble is reported with the order it concerns; buyers see a plain message. */
  log?: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

/**
 * The money path: hosted checkouts, what the provider says about them, refunds, and the
 * admin actions that must close a checkout at the provider first (deleting an order or a
 * product). Orders change only through the orders service.
 */
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
  /** The pages a checkout returns to, at the address the buyer started it from. */
  const returnUrlsOf = (storeUrl: string) => ({
    successUrl: `${storeUrl}/store/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${storeUrl}/store/cancel`,
  });
  const successUrlOf = (storeUrl: string, sessionId: string) =>
    `${storeUrl}/store/success?session_id=${encodeURIComponent(sessionId)}`;

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

  /**
   * A second Buy Now on an order with a checkout: the same checkout while it is open, unchanged
   * and has time left; the success page when it was paid meanwhile; otherwise null, after the
   * old checkout was closed at the provider and its order canceled.
   */
  async function continueCheckout(
    order: OrderRow,
    fingerprint: string,
    storeUrl: string,
  ): Promise<CheckoutSessionResponse | null> {
    const sessionId = order.providerSessionId!;
    const isUnchanged = order.checkoutFingerprint === fingerprint;
    const hasTime = (order.providerSessionExpiresAt ?? 0) - clock() > REUSE_MARGIN_MS;
    if (isUnchanged && hasTime && order.providerSessionUrl) {
      const session = await askProvider(order.id, CheckoutMessages.providerFailed, () =>
        payments.retrieveSession(sessionId),
      );
      if (session?.status === 'open') return { url: order.providerSessionUrl };
      if (session?.status === 'complete') {
        await applyProviderSession(order, session, 'checkout:repeat');
        return { url: successUrlOf(storeUrl, session.id) };
      }
    }
    // Changed (title, price, addresses), nearly over or ended: close it so it cannot be paid late.
    const closed = await closeCheckout(order, 'checkout:replaced');
    if (closed?.status === 'complete') return { url: successUrlOf(storeUrl, closed.id) };
    await orders.applyOutcome({
      orderId: order.id,
      result: 'canceled',
      source: 'checkout replaced by a new one',
      sessionId,
    });
    return null;
  }

  return {
    /**
     * A pending order at the catalogue's price and a hosted checkout for it, returning to
     * `storeUrl` (the address the buyer is on, or PUBLIC_URL). Whatever else the body held
     * (price, amount, currency) was dropped by the schema and is never read.
     */
    async createCheckout(
      user: SessionUser,
      productId: string,
      storeUrl: string,
    ): Promise<CheckoutSessionResponse> {
      const product = await catalog.getProductForSale(productId);
      if (!product) throw AppError.notFound(CatalogMessages.productNotFound);
      const { successUrl, cancelUrl } = returnUrlsOf(storeUrl);
      const fingerprint = fingerprintOf([
        product.title,
        product.priceCents,
        user.email,
        successUrl,
        cancelUrl,
      ]);
      const reusable = await orders.findReusablePendingOrder({
        userId: user._id,
        productId: product.id,
        amountCents: product.priceCents,
        provider: payments.name,
        since: clock() - sessionMs,
      });
      if (reusable?.providerSessionId) {
        const continued = await continueCheckout(reusable, fingerprint, storeUrl);
        if (continued) return continued;
      }
      const order =
        reusable && reusable.providerSessionId === null
          ? reusable
          : await orders.createPendingOrder({ userId: user._id, product, provider: payments.name });
      // A new key for every attempt: a key is never sent again with other parameters (Stripe
      // refuses that), while the SDK's own retry of one attempt reuses it.
      const idempotencyKey = `checkout-${order.id}-${randomBytes(6).toString('base64url')}`;
      const session = await askProvider(order.id, CheckoutMessages.providerFailed, () =>
        payments.createCheckoutSession({
          orderId: order.id,
          productTitle: product.title,
          amountCents: order.amountCents,
          currency: order.currency,
          customerEmail: user.email,
          successUrl,
          cancelUrl,
          storeUrl,
          expiresAt: clock() + sessionMs,
          idempotencyKey,
        }),
      );
      await orders.attachCheckoutSession(order.id, {
        id: session.sessionId,
        url: session.url,
        expiresAt: session.expiresAt,
        fingerprint,
      });
      // Taken off sale while the provider was asked: close the checkout again.
      if (!(await catalog.getProductForSale(product.id))) {
        const current = await orders.requireOrder(order.id);
        await closeCheckout(current, 'product removed');
        throw AppError.notFound(CatalogMessages.productNotFound);
      }
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
          const isProviderTrouble =
            error instanceof PaymentProviderUnavailableError ||
            error instanceof PaymentProviderRefusedError;
          if (!isProviderTrouble) throw error;
          // The buyer sees "not confirmed yet" and retries; the webhook may arrive meanwhile.
          log?.warn({ err: error, orderId: order.id }, 'payment provider not answering at success');
        }
        order = await orders.requireOwnOrder(order.id, user._id);
      }
      return downloads.createLink(orders.requireDownloadable(order).id);
    },

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
      const refund = await askProvider(order.id, OrderMessages.refundProviderFailed, async () => {
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

    /**
     * The owner's Delete (orders.service deleteOrder): 409 for an order that holds money. A
     * pending order's open checkout is closed at the provider first so a late payment is not
     * lost; 409 when the buyer paid it meanwhile (it is kept, and now paid).
     */
    async deleteOrder(orderId: string): Promise<void> {
      const order = await orders.requireRemovableOrder(orderId);
      if (order.status === 'pending') {
        const closed = await closeCheckout(order, 'order deletion');
        if (closed?.status === 'complete') throw AppError.conflict(OrderMessages.deletedWhilePaid);
      }
      await orders.deleteOrder(orderId, { wasPending: order.status === 'pending' });
    },

    /**
     * Removes a product from sale. It leaves the catalogue at once (no checkout can start);
     * its open checkouts are closed at the provider; then, unless somebody paid for it (or still
     * may), it is deleted with its files. A product with sales stays archived, so its buyers
     * keep downloading and a payment that still arrives is fulfilled.
     */
    async removeProduct(productId: string): Promise<void> {
      await catalog.archiveProduct(productId);
      for (const order of await orders.listOpenCheckoutsOfProduct(productId)) {
        try {
          await closeCheckout(order, 'product removed');
        } catch (error) {
          // Left pending, so the product stays archived; reconciliation settles the order.
          log?.warn(
            { err: error, orderId: order.id },
            'could not close a checkout of a removed product',
          );
        }
      }
      if (!(await orders.hasOrdersToHonour(productId))) {
        await catalog.purgeArchivedProduct(productId);
      }
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

/** What a checkout was asked with; another fingerprint means the provider must be asked anew. */
function fingerprintOf(parts: Array<string | number>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
