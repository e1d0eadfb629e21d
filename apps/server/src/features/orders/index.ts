/**
 * The orders feature's public entry: other features and the wiring import orders only from
 * here. Orders depends on no money feature downstream of it (checkout, downloads, sales): what
 * it needs from them arrives as ports at wiring (`SalesRecorder`, `OrderRoutePorts`).
 */
export { createOrdersService, type OrdersService, type OrderRow } from './orders.service.js';
export { ordersRoutes, type OrderRoutePorts } from './orders.routes.js';
export { createOrderNotices, type OrderNotices } from './order-notices.js';
export type { OutcomeResult, PaymentBilling, PaymentOutcome } from './fulfilment.js';
export { canRefund, type OrderTransition } from './order-status.js';
export { recordEach, type DocumentRecorder, type StatusChange } from './order-documents.js';
export type { Alongside } from './order-lifecycle.js';
export type { ProductSales, SalesFacts, SalesRecorder, TimeRange } from './order-sales.js';
export type { OrderLicenseKey, OrderLicenseKeys } from './order-license-keys.js';
export type { PurchaseUpdates } from './purchase-updates.js';
