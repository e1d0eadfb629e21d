import type { Storage } from '../adapters/storage/storage.js';
import type { AuthService } from '../features/auth/index.js';
import type { CatalogService } from '../features/catalog/index.js';
import { createStampingService, createStampRunner } from '../features/stamping/index.js';
import type { UploadsService } from '../features/uploads/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createStampingRepo } from '../features/stamping/stamping.repo.js';
import type { AppContext } from './app-context.js';

/** PDF stamping: the copy downloads serve when a product stamps its PDFs (decision 038). */
export function buildStamping(
  { app, database, options }: Pick<AppContext, 'app' | 'database' | 'options'>,
  needs: { storage: Storage; uploads: UploadsService; auth: AuthService; catalog: CatalogService },
) {
  const stamping = createStampingService({
    repo: createStampingRepo(database.db),
    storage: needs.storage,
    uploads: needs.uploads,
    users: needs.auth,
    catalog: needs.catalog,
    // One document at a time: each may take a few hundred MiB of the machine (decision 038).
    runner: createStampRunner({ concurrency: 1 }),
    log: app.log,
    clock: options.clock,
  });
  app.decorate('stamping', stamping);
  return stamping;
}
