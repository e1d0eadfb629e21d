import {
  applyPaymentOutcome,
  chargeOf,
  type OutcomeResult,
  type PaymentOutcome,
} from './fulfilment.js';
import { ID_SHAPE, newOrderId } from './order-ids.js';
import type { OrderNotices } from './order-notices.js';
import type { Db } from '../../db/client.js';
import type { NewOrderRow } from '../../db/types.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

export interface OrderLifecycleOptions {
  repo: OrdersRepo;
  /** The receipt and refund notice; without it (some tests) outcomes send no email. */
  notices?: OrderNotices;
  clock: () => number;
}

/** What a new order is made from: who buys what, at what price, through which provider. */
export interface NewOrderInput {
  userId: string;
  /** The price charged, in minor units of its currency (the store's, ISO 4217). */
  product: { id: string; priceCents: number; currency: string };
  provider: OrderRow['provider'];
  /** How the checkout will tax the price; null when it asks for no tax. */
  taxBehavior: OrderRow['taxBehavior'];
  /** The discount code the price came from, and what it took off; absent for none. */
  discount?: { code: string; cents: number } | undefined;
}

/** Work of another feature in the transaction that writes a new order (its id given). */
export type Alongside = (within: Db, orderId: string) => Promise<void>;

export function newOrderRow(input: NewOrderInput, now: number): NewOrderRow {
  return {
    id: newOrderId(),
    userId: input.userId,
    productId: input.product.id,
    amountCents: input.product.priceCents,
    // Lower case, as Stripe writes it; the order keeps it whatever the store sells in later.
    currency: input.product.currency.toLowerCase(),
    // The payment says what tax it added (decision 033); until then the price is all.
    subtotalCents: input.product.priceCents,
    taxCents: 0,
    taxBehavior: input.taxBehavior,
    taxRate: null,
    buyerName: null,
    buyerCountry: null,
    buyerTaxId: null,
    discountCode: input.discount?.code ?? null,
    discountCents: input.discount?.cents ?? 0,
    status: 'pending',
    provider: input.provider,
    providerSessionId: null,
    providerSessionUrl: null,
    providerSessionExpiresAt: null,
    checkoutFingerprint: null,
    paymentIntentId: null,
    reviewReason: null,
    disputeStatus: null,
    refundId: null,
    createdAt: now,
    updatedAt: now,
    paidAt: null,
    downloadsUsed: 0,
    hiddenAt: null,
  };
}

/** The emails an outcome may send, read before its transaction (only payments and refunds send). */
async function prepareNotices(
  repo: OrdersRepo,
  notices: OrderNotices | undefined,
  outcome: PaymentOutcome,
) {
  if (!notices || (outcome.result !== 'paid' && outcome.result !== 'refunded')) return undefined;
  const order = ID_SHAPE.test(outcome.orderId) ? await repo.findOrder(outcome.orderId) : undefined;
  if (!order) return undefined;
  // A payment's receipt tells what it charged: the tax it reported, not the pending order's 0.
  return notices.prepare(
    outcome.result === 'paid' ? { ...order, ...chargeOf(order, outcome) } : order,
  );
}

/**
 * An order from Buy Now to its end: created at the catalogue's price, given a hosted checkout,
 * then moved by what the provider (or the owner) says about it, exactly once (fulfilment.ts).
 */
export function createOrderLifecycle({ repo, notices, clock }: OrderLifecycleOptions) {
  return {
    /**
     * A new pending order at the price checkout worked out from the catalogue (and the buyer's
     * code or chosen amount): the only amount a buyer is ever charged. `alongside` runs in the
     * same transaction (a discount's redemption held for it); when it throws there is no order.
     */
    async createPendingOrder(input: NewOrderInput, alongside?: Alongside): Promise<OrderRow> {
      const row = newOrderRow(input, clock());
      const orderNumber = await repo.transaction(async (tx, trx) => {
        const number = await tx.insertOrder(row);
        await alongside?.(trx, row.id);
        return number;
      });
      return { ...row, orderNumber };
    },

    /**
     * A pending order the buyer opened for the same product and price not long ago: a second
     * click on Buy Now continues that checkout instead of leaving a stray pending order.
     */
    findReusablePendingOrder: (input: {
      userId: string;
      productId: string;
      amountCents: number;
      currency: string;
      taxBehavior: OrderRow['taxBehavior'];
      /** The discount code the price came from; null for none. */
      discountCode: string | null;
      provider: OrderRow['provider'];
      since: number;
    }) =>
      repo.findPendingOrder(
        input.userId,
        input.productId,
        {
          amountCents: input.amountCents,
          currency: input.currency.toLowerCase(),
          taxBehavior: input.taxBehavior,
          discountCode: input.discountCode,
        },
        input.provider,
        input.since,
      ),

    /** The hosted checkout an order uses now, kept so a second Buy Now can return it. */
    attachCheckoutSession: (
      orderId: string,
      session: { id: string; url: string; expiresAt: number; fingerprint: string },
    ) => repo.setCheckoutSession(orderId, session, clock()),

    /** A provider's news about an order, applied exactly once (see fulfilment.ts). */
    async applyOutcome(outcome: PaymentOutcome): Promise<OutcomeResult> {
      return applyPaymentOutcome(
        repo,
        outcome,
        clock(),
        await prepareNotices(repo, notices, outcome),
      );
    },

    /** Pending orders of a product with a checkout that may still be open. */
    listOpenCheckoutsOfProduct: (productId: string) => repo.listOpenCheckoutsOfProduct(productId),
    /** Whether a product must be kept for its buyers (orders that hold money or may still). */
    hasOrdersToHonour: (productId: string) => repo.hasOrdersToHonour(productId),
  };
}
