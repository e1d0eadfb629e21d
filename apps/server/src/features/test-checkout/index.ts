/**
 * The test-checkout feature's public entry: the built-in provider's sessions and refunds (its
 * own tables), offered to the payments adapter as its port, and the hosted page that pays them.
 * It depends on orders (a payment is news about an order), never the reverse.
 */
export { createTestCheckoutSessions, type TestCheckoutSessions } from './test-checkout-sessions.js';
export { createTestCheckoutService, type TestCheckoutService } from './test-checkout.service.js';
export { testCheckoutRoutes } from './test-checkout.routes.js';
