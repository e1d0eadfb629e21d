// The orders feature's public entry: what other features may use. Pages stay out of it, so
// importing a key or a chip never pulls a lazily loaded screen into another chunk.
export { useCreateOrderDownloadLink } from './api/create-order-download-link';
export { MyOrderSchema, type MyOrder } from './api/get-my-orders';
export { productOwnershipQuery, useProductOwnership } from './api/get-product-ownership';
export { orderKeys } from './api/order-keys';
export { LicenseKey } from './components/license-key';
export { OrderChip, OrderStatusChip } from './components/order-status-chip';
export { OrderFileDownloads } from './components/order-file-downloads';
