import { createHash, randomBytes } from 'node:crypto';
import {
  CatalogMessages,
  CheckoutMessages,
  DEFAULT_TAX_CODE,
  type CheckoutSessionResponse,
  type TaxBehavior,
} from '@bindery/shared';
import type {
  CreateCheckoutSessionInput,
  PaymentProvider,
} from '../../adapters/payments/payment-provider.js';
import { AppError } from '../../errors.js';
import type { SessionUser } from '../../plugins/session.js';
import type { CatalogService } from '../catalog/index.js';
import type { DiscountsService, SaleProduct } from '../discounts/index.js';
import type { OrderRow, OrdersService } from '../orders/index.js';
import { chargeFor, type Charge, type ChargeAsked } from './charge.js';
import type { ProviderCalls } from './provider-calls.js';

const MINUTE = 60_000;
/** An open checkout is handed out again only while it leaves the buyer this long to pay. */
const REUSE_MARGIN_MS = 5 * MINUTE;

export interface HostedCheckoutOptions {
  orders: Pick<
    OrdersService,
    | 'findReusablePendingOrder'
    | 'createPendingOrder'
    | 'createFreeOrder'
    | 'attachCheckoutSession'
    | 'requireOrder'
    | 'applyOutcome'
  >;
  catalog: Pick<CatalogService, 'getProductForSale'>;
  discounts: Pick<DiscountsService, 'quote' | 'holdFor'>;
  payments: PaymentProvider;
  calls: ProviderCalls;
  /** CHECKOUT_SESSION_MINUTES, in milliseconds. */
  sessionMs: number;
  /** Tax to collect at checkout (STRIPE_TAX or TEST_TAX_RATE, with TAX_BEHAVIOR); null for none. */
  tax: { behavior: TaxBehavior } | null;
  /** STORE_LOCALE: how amounts are written in refusals. */
  locale: string;
  clock: () => number;
}

/** One Buy Now: who, what, where they came from, and the charge worked out for it. */
interface Sale {
  user: SessionUser;
  product: SaleProduct & { title: string; taxCode: string | null };
  storeUrl: string;
  charge: Charge;
}

/**
 * The buyer's Buy Now: it opens (or continues) a hosted checkout for a pending order at the
 * catalogue's price (less a code's discount, or the amount a pay-what-you-want buyer chose),
 * or hands out a free download at once.
 */
export function createHostedCheckout(options: HostedCheckoutOptions) {
  const { orders, catalog, discounts, payments, locale } = options;
  return {
    /**
     * A pending order at the charge worked out from the catalogue and a hosted checkout for it,
     * returning to `storeUrl` (the address the buyer is on, or PUBLIC_URL). Whatever else the
     * body held (price, currency) was dropped by the schema and is never read.
     */
    async createCheckout(
      user: SessionUser,
      productId: string,
      storeUrl: string,
      asked: ChargeAsked = {},
    ): Promise<CheckoutSessionResponse> {
      const found = await catalog.getProductForSale(productId);
      if (!found) throw AppError.notFound(CatalogMessages.productNotFound);
      const charge = await chargeFor(found, asked, { discounts, locale });
      const sale: Sale = { user, product: found, storeUrl, charge };
      if (charge.amountCents === 0) {
        const order = await orders.createFreeOrder(
          {
            userId: user._id,
            product: found,
            provider: payments.name,
            taxBehavior: null,
            discount: discountOf(charge),
          },
          holdOf(discounts, sale),
        );
        return { url: successUrlOf(storeUrl, order.providerSessionId!), ...chargeOf(order) };
      }
      return openCheckout(options, sale);
    },
  };
}

/** The code's share of a sale as the order records it; undefined without a code. */
const discountOf = ({ discount }: Charge) =>
  discount ? { code: discount.code, cents: discount.discountCents } : undefined;

/** Holding the sale's code for its new order, in the order's transaction; none without one. */
const holdOf = (discounts: HostedCheckoutOptions['discounts'], { charge, product }: Sale) =>
  charge.discount ? discounts.holdFor(charge.discount.discountId, product) : undefined;

/** The pending order (new, or one a second Buy Now continues) and its hosted checkout. */
async function openCheckout(options: HostedCheckoutOptions, sale: Sale) {
  const { orders, catalog, discounts, payments, calls, sessionMs, tax, clock } = options;
  const { user, product, storeUrl, charge } = sale;
  const { askProvider, closeCheckout } = calls;
  const { successUrl, cancelUrl } = returnUrlsOf(storeUrl);
  const taxAsked = taxAskedFor(tax, product);
  const discountCode = charge.discount?.code ?? null;
  const fingerprint = checkoutFingerprint(
    { ...product, priceCents: charge.amountCents, discountCode },
    taxAsked,
    user.email,
    successUrl,
    cancelUrl,
  );
  const reusable = await orders.findReusablePendingOrder({
    userId: user._id,
    productId: product.id,
    amountCents: charge.amountCents,
    currency: product.currency,
    taxBehavior: taxAsked?.behavior ?? null,
    discountCode,
    provider: payments.name,
    since: clock() - sessionMs,
  });
  if (reusable?.providerSessionId) {
    const continued = await continueCheckout(options, reusable, fingerprint, storeUrl);
    if (continued) return continued;
  }
  const order =
    reusable && reusable.providerSessionId === null
      ? reusable
      : await orders.createPendingOrder(
          {
            userId: user._id,
            product: { ...product, priceCents: charge.amountCents },
            provider: payments.name,
            taxBehavior: taxAsked?.behavior ?? null,
            discount: discountOf(charge),
          },
          holdOf(discounts, sale),
        );
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
      tax: taxAsked,
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
  return { url: session.url, ...chargeOf(order) };
}

/** The pages a checkout returns to, at the address the buyer started it from. */
const returnUrlsOf = (storeUrl: string) => ({
  successUrl: `${storeUrl}/store/success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${storeUrl}/store/cancel`,
});

/** The tax a checkout asks the provider for: the store's behaviour, the product's category. */
const taxAskedFor = (
  tax: HostedCheckoutOptions['tax'],
  product: { taxCode: string | null },
): CreateCheckoutSessionInput['tax'] =>
  tax ? { behavior: tax.behavior, code: product.taxCode ?? DEFAULT_TAX_CODE } : null;

const successUrlOf = (storeUrl: string, sessionId: string) =>
  `${storeUrl}/store/success?session_id=${encodeURIComponent(sessionId)}`;

type ContinueDeps = Pick<HostedCheckoutOptions, 'orders' | 'payments' | 'calls' | 'clock'>;

/**
 * A second Buy Now on an order with a checkout: the same checkout while it is open, unchanged
 * and has time left; the success page when it was paid meanwhile; otherwise null, after the
 * old checkout was closed at the provider and its order canceled.
 */
async function continueCheckout(
  { orders, payments, calls, clock }: ContinueDeps,
  order: OrderRow,
  fingerprint: string,
  storeUrl: string,
): Promise<CheckoutSessionResponse | null> {
  const { askProvider, applyProviderSession, closeCheckout } = calls;
  const sessionId = order.providerSessionId!;
  const isUnchanged = order.checkoutFingerprint === fingerprint;
  const hasTime = (order.providerSessionExpiresAt ?? 0) - clock() > REUSE_MARGIN_MS;
  if (isUnchanged && hasTime && order.providerSessionUrl) {
    const session = await askProvider(order.id, CheckoutMessages.providerFailed, () =>
      payments.retrieveSession(sessionId),
    );
    if (session?.status === 'open') return { url: order.providerSessionUrl, ...chargeOf(order) };
    if (session?.status === 'complete') {
      await applyProviderSession(order, session, 'checkout:repeat');
      return { url: successUrlOf(storeUrl, session.id), ...chargeOf(order) };
    }
  }
  // Changed (title, price, addresses), nearly over or ended: close it so it cannot be paid late.
  const closed = await closeCheckout(order, 'checkout:replaced');
  if (closed?.status === 'complete') {
    return { url: successUrlOf(storeUrl, closed.id), ...chargeOf(order) };
  }
  await orders.applyOutcome({
    orderId: order.id,
    result: 'canceled',
    source: 'checkout replaced by a new one',
    sessionId,
  });
  return null;
}

/** What the checkout charges, as its answer carries it beside the URL. */
const chargeOf = (order: OrderRow) => ({
  amountCents: order.amountCents,
  currency: order.currency.toUpperCase(),
});

/**
 * The fingerprint of what a Buy Now asks the provider: the product's sale and tax, buyer and
 * pages.
 */
const checkoutFingerprint = (
  product: { title: string; priceCents: number; currency: string; discountCode: string | null },
  tax: { behavior: TaxBehavior; code: string } | null,
  email: string,
  successUrl: string,
  cancelUrl: string,
) =>
  fingerprintOf([
    product.title,
    product.priceCents,
    product.currency,
    // Without tax or a code the fingerprint stays as it was, so open checkouts carry on after
    // an upgrade.
    ...(tax ? [tax.behavior, tax.code] : []),
    ...(product.discountCode === null ? [] : [product.discountCode]),
    email,
    successUrl,
    cancelUrl,
  ]);

/** What a checkout was asked with; another fingerprint means the provider must be asked anew. */
function fingerprintOf(parts: Array<string | number>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
