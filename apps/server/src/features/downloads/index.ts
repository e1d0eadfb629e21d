/**
 * The downloads feature's public entry. Downloads owns `downloads`, `download_usage` (and the
 * retired `download_completions`); it depends on orders for the order behind a link and its
 * count of downloads, never the reverse.
 */
export { createDownloadsService, type DownloadsService } from './downloads.service.js';
export { downloadsRoutes } from './downloads.routes.js';
export { orderFilesRoutes } from './order-files.routes.js';
