export * from './auth.js';
export * from './catalog.js';
export * from './errors.js';
export * from './limits.js';
export * from './money.js';
export * from './pagination.js';
export * from './store-config.js';
export * from './uploads.js';
