// The discounts feature's public entry: the service and its routes.
export { createDiscountsService, type DiscountsService } from './discounts.service.js';
export type { DiscountQuote, SaleProduct } from './discount-sales.js';
export { createRedemptionRecorder } from './redemptions.js';
export { discountsRoutes } from './discounts.routes.js';
