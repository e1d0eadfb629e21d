// The health feature's public entry.
export { healthRoutes } from './health.routes.js';
