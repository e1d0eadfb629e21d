// The storefront feature's public entry: public pages rendered on the server, and the sitemap.
export { createSitemap } from './sitemap.js';
export { storefrontRoutes } from './storefront.routes.js';
export { createStorefrontService, type PageRenderer } from './storefront.service.js';
