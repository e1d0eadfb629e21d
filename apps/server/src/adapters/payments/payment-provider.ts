import type { TaxBehavior } from '@bindery/shared';

/**
 * What Bindery needs from a payment provider: a hosted checkout for one order, the truth about
 * a checkout session when asked, closing a checkout nobody should pay any more, and refunds.
 * Webhook handling is provider-specific and lives with each provider's routes; every path ends
 * in the orders service.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CreatedCheckoutSession>;
  /** The session as the provider sees it now, or null when the provider does not know it. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /**
   * Closes an open session so it can no longer be paid, and returns it as it is afterwards:
   * `expired`, or `complete` when the buyer paid first. Null when the provider does not know it.
   */
  expireSession(sessionId: string): Promise<ProviderSession | null>;
  /** Returns the whole payment of an order to the buyer; the same key never refunds twice. */
  refundPayment(input: RefundPaymentInput): Promise<ProviderRefund>;
}

export interface CreateCheckoutSessionInput {
  orderId: string;
  productTitle: string;
  amountCents: number;
  currency: string;
  customerEmail: string;
  /** Absolute URLs; success carries the `{CHECKOUT_SESSION_ID}` placeholder Stripe fills in. */
  successUrl: string;
  cancelUrl: string;
  /** The store's address the buyer started from, without a trailing slash (decision 010). */
  storeUrl: string;
  /** Sessions close after this moment (epoch ms); the order then becomes canceled. */
  expiresAt: number;
  /** One key per attempt: a retried request never opens a second session. */
  idempotencyKey: string;
  /**
   * Tax to collect (decision 033): how the price is taxed and the product's tax category;
   * null for none. With it the provider asks for the billing address and a tax ID.
   */
  tax: { behavior: TaxBehavior; code: string } | null;
}

export interface CreatedCheckoutSession {
  sessionId: string;
  url: string;
  /** When the provider closes it (epoch ms); may differ from what was asked. */
  expiresAt: number;
}

export interface ProviderSession {
  id: string;
  orderId: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** The total charged, tax included (Stripe's `amount_total`). */
  amountTotal: number | null;
  /** Before tax (`amount_subtotal`; the tax-included price for inclusive tax). */
  amountSubtotal: number | null;
  /** The tax in the total (`total_details.amount_tax`). */
  amountTax: number | null;
  /** The tax rate, a decimal percentage ("20"), where the provider said it. */
  taxRate: string | null;
  currency: string | null;
  paymentIntentId: string | null;
  /** Who paid, as the checkout collected it (`customer_details`); null when it did not. */
  customer: ProviderCustomer | null;
}

export interface ProviderCustomer {
  name: string | null;
  /** ISO 3166-1 alpha-2 of the billing address. */
  country: string | null;
  /** The first tax ID the buyer gave (e.g. `DE123456789`). */
  taxId: string | null;
}

export interface RefundPaymentInput {
  orderId: string;
  /** The order's checkout session, for providers that know payments by session. */
  sessionId: string | null;
  paymentIntentId: string | null;
  amountCents: number;
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  /** `pending` refunds may still fail; the provider then reports it (refund.updated). */
  status: 'succeeded' | 'pending' | 'failed';
}

/** The provider could not be reached or answered with an error on its side: the buyer may retry. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/**
 * The provider refused the request (a bad key, a request it will not take). Its message is for
 * the owner's log, never for a buyer: the service logs it and answers 502.
 */
export class PaymentProviderRefusedError extends Error {
  constructor(
    message: string,
    readonly providerStatus: number | undefined,
    /** The provider's error code, e.g. Stripe's `charge_already_refunded`. */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderRefusedError';
  }
}
