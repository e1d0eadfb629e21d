import type {
  CreateCheckoutSessionInput,
  CreatedCheckoutSession,
  PaymentProvider,
  ProviderRefund,
  ProviderSession,
  RefundPaymentInput,
} from './payment-provider.js';

/**
 * What the built-in test provider needs from the app: its sessions and refunds, kept by the
 * test-checkout feature (as a real provider's live on the provider's side). Passed in at
 * wiring, so this adapter imports no feature.
 */
export interface TestCheckoutPort {
  createSession(input: CreateCheckoutSessionInput): Promise<CreatedCheckoutSession>;
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  expireSession(sessionId: string): Promise<ProviderSession | null>;
  refundPayment(input: RefundPaymentInput): Promise<ProviderRefund>;
}

/** The built-in test provider: the payment provider interface over the test checkout's port. */
export function createTestCheckoutProvider(port: TestCheckoutPort): PaymentProvider {
  return {
    name: 'test',
    createCheckoutSession: (input) => port.createSession(input),
    retrieveSession: (sessionId) => port.retrieveSession(sessionId),
    expireSession: (sessionId) => port.expireSession(sessionId),
    refundPayment: (input) => port.refundPayment(input),
  };
}
