// The catalog feature's public entry: products, reached through the catalogue service.
export { catalogRoutes } from './catalog.routes.js';
export {
  createCatalogService,
  type CatalogService,
  type ProductFile,
  type ProductSave,
} from './catalog.service.js';
export type { FilesSaved, FilesSavedHook, SavedFile } from './files-saved.js';
