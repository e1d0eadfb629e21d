// The licenses feature's public entry: keys issued with payments, checked by sellers' software.
export { createLicenseIssuing } from './license-issuing.js';
export { createOrderKeys } from './order-keys.js';
export { licensesRoutes } from './licenses.routes.js';
export { createLicensesService, type LicensesService } from './licenses.service.js';
