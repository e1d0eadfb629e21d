import type { Config } from '../../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe.js';
import { createTestCheckoutProvider, type TestCheckoutPort } from './test-checkout.js';

export interface PaymentProviderOptions {
  config: Pick<Config, 'payments' | 'publicUrl'>;
  /** The test checkout's sessions and refunds (features/test-checkout), for the test provider. */
  testCheckout: TestCheckoutPort;
  clock?: () => number;
}

/** The payment provider the configuration names; the rest of the app sees only the interface. */
export function createPaymentProvider({
  config,
  testCheckout,
  clock = Date.now,
}: PaymentProviderOptions): PaymentProvider {
  switch (config.payments.provider) {
    case 'test':
      return createTestCheckoutProvider(testCheckout);

    case 'stripe':
      // config.ts sets the provider to stripe only when both keys are present.
      if (!config.payments.stripe) throw new Error('Stripe is selected but its keys are missing.');
      return createStripeProvider(config.payments.stripe, { publicUrl: config.publicUrl, clock });

    default:
      throw new Error(`The payment provider "${config.payments.provider}" is not available.`);
  }
}
