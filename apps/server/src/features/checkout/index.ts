/**
 * The checkout feature's public entry: the money path between the store and the payment
 * provider. It depends on orders and downloads, and neither depends on it: the order routes
 * get its refund and delete as ports at wiring.
 */
export { createCheckoutService, type CheckoutService } from './checkout.service.js';
export { checkoutRoutes } from './checkout.routes.js';
export { buyLinkRoutes } from './buy-link.routes.js';
