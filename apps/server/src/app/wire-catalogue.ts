import { createStorage } from '../adapters/storage/index.js';
import { createCatalogService } from '../features/catalog/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createCatalogRepo } from '../features/catalog/catalog.repo.js';
import { healthRoutes } from '../features/health/index.js';
import { createUploadsService, uploadsRoutes } from '../features/uploads/index.js';
import type { AppContext } from './app-context.js';
import { watchCatalogue } from './catalogue-watch.js';
import { scheduleUploadSweep } from './jobs.js';
import { productUpdatesPorts } from './wire-product-updates.js';

/**
 * Storage, the health check, uploads and the catalogue. The catalogue's routes are registered
 * with the money path: deleting a product needs checkout.
 */
export async function wireCatalogue({ app, config, database, runJob }: AppContext) {
  // Uploads: on the local disk (one process owns it) temp files a crash left behind go at once.
  const storage = await createStorage(config);
  await app.register(healthRoutes, { db: database.db, storage });
  if (storage.sharing === 'local') await storage.sweepTemp();
  const uploads = createUploadsService({ db: database.db, storage, config });
  app.decorate('uploads', uploads);
  await app.register(uploadsRoutes, { uploads, config });

  const catalog = createCatalogService(
    createCatalogRepo(database.db, database.dialect, database.sqlite),
    uploads,
    {
      currency: config.currency,
      filesSaved: productUpdatesPorts(app).filesSaved,
      log: app.log,
    },
  );
  app.decorate('catalog', catalog);
  app.addHook('onClose', async () => catalog.closeSearchIndex());
  watchCatalogue(app, catalog);
  scheduleUploadSweep(app, runJob, { uploads, storage });
  return { uploads, catalog, storage };
}
