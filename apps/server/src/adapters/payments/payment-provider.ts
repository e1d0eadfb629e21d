/**
 * What Bindery needs from a payment provider: a hosted checkout for one order, and the truth
 * about a checkout session when asked. Webhook handling is provider-specific and lives with
 * each provider's routes; both paths end in the orders service's `applyPaymentOutcome`.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CreatedCheckoutSession>;
  /** The session as the provider sees it now, or null when the provider does not know it. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
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
  /** Sessions close after this moment (epoch ms); the order then becomes canceled. */
  expiresAt: number;
  /** One key per order, so a retried request never opens a second session. */
  idempotencyKey: string;
}

export interface CreatedCheckoutSession {
  sessionId: string;
  url: string;
}

export interface ProviderSession {
  id: string;
  orderId: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
}

/** The provider could not be reached or answered with an error: the buyer may retry. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}
