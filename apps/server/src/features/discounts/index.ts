// The discounts feature's public entry: the service and its routes.
export { createDiscountsService, type DiscountsService } from './discounts.service.js';
export { discountsRoutes } from './discounts.routes.js';
