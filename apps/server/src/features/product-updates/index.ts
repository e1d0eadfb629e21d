/**
 * The product-updates feature's public entry: updates recorded when a product's files change,
 * the emails to its buyers, and My Orders' "Updated" mark. It depends on catalog, orders,
 * downloads, auth and mail through their services; orders and catalog hear of it only through
 * the ports they were handed at wiring.
 */
export {
  createProductUpdatesService,
  type ProductUpdatesService,
} from './product-updates.service.js';
export { productUpdatesRoutes } from './product-updates.routes.js';
export { fileChanges } from './file-changes.js';
