/** The webhooks feature's public entry: the payment provider's notifications, applied to orders. */
export { stripeWebhookRoutes } from './stripe-webhook.routes.js';
