import type { FastifyInstance } from 'fastify';
import type { CatalogService } from '../features/catalog/index.js';

/** How often an instance asks the database whether the catalogue (or the settings) changed elsewhere. */
const CATALOGUE_CHECK_MS = 250;

/**
 * Keeps the catalogue's kept answers in step with the database: other instances on the same
 * PostgreSQL write products too (decision 011).
 */
export function watchCatalogue(app: FastifyInstance, catalog: CatalogService) {
  watchDatabase(app, 'catalogue', () => catalog.checkForChanges());
}

/**
 * Runs `check` four times a second while the database is ready, one run at a time: how an
 * instance sees what another instance wrote (the catalogue, the settings). A failing check is
 * reported once, not four times a second, and again when it recovers.
 */
export function watchDatabase(app: FastifyInstance, what: string, check: () => Promise<void>) {
  let failing = false;
  let checking = false;
  const run = () => {
    if (checking || !app.isDatabaseReady()) return;
    checking = true;
    check()
      .then(() => {
        if (failing) app.log.info(`${what} change checks work again`);
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) app.log.warn({ err: error }, `${what} change check failed`);
        failing = true;
      })
      .finally(() => (checking = false));
  };
  const timer = setInterval(run, CATALOGUE_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
