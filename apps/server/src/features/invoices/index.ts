// The invoices feature's public entry: numbering at wiring, the service and its routes.
export { createInvoiceNumbering } from './invoice-numbering.js';
export type { SellerDetails } from './invoice-facts.js';
export { createInvoicesService, type InvoicesService } from './invoices.service.js';
export { invoicesRoutes } from './invoices.routes.js';
