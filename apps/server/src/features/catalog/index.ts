// The catalog feature's public entry: products, reached through the catalogue service.
export { createCatalogRepo } from './catalog.repo.js';
export { catalogRoutes } from './catalog.routes.js';
export { createCatalogService, type CatalogService } from './catalog.service.js';
