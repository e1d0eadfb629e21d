import type { FastifyInstance } from 'fastify';
import type { CatalogService } from '../features/catalog/index.js';

/** How often an instance asks the database whether the catalogue changed elsewhere. */
const CATALOGUE_CHECK_MS = 250;

/**
 * Keeps the catalogue's kept answers in step with the database: other instances on the same
 * PostgreSQL write products too (decision 011). A failing check is reported once, not four times
 * a second, and again when it recovers.
 */
export function watchCatalogue(app: FastifyInstance, catalog: CatalogService) {
  let failing = false;
  let checking = false;
  const check = () => {
    if (checking || !app.isDatabaseReady()) return;
    checking = true;
    catalog
      .checkForChanges()
      .then(() => {
        if (failing) app.log.info('catalogue change checks work again');
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) app.log.warn({ err: error }, 'catalogue change check failed');
        failing = true;
      })
      .finally(() => (checking = false));
  };
  const timer = setInterval(check, CATALOGUE_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
