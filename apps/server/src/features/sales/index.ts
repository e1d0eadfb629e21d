/**
 * The sales feature's public entry. Sales owns the running totals (`sales_quarter_hours`,
 * `sales_product_days`); it depends on orders (the hours its whole days leave out), never the
 * reverse: orders hears of the ledger only as its `SalesRecorder` port, at wiring.
 */
export { createSalesService, type SalesService } from './sales.service.js';
export { createSalesLedger } from './sales-ledger.js';
export { salesRoutes } from './sales.routes.js';
