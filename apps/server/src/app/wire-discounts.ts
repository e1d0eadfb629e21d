import type { CatalogService } from '../features/catalog/index.js';
import { createDiscountsService, discountsRoutes } from '../features/discounts/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createDiscountsRepo } from '../features/discounts/discounts.repo.js';
import type { AppContext } from './app-context.js';

/** Discount codes: the owner's list and the product page's price with a code. */
export async function wireDiscounts(
  { app, config, database }: Pick<AppContext, 'app' | 'config' | 'database'>,
  { catalog, clock }: { catalog: CatalogService; clock: () => number },
) {
  const discounts = createDiscountsService({
    repo: createDiscountsRepo(database.db, database.dialect),
    catalog,
    currency: config.currency,
    timeZone: config.timeZone,
    clock,
  });
  await app.register(discountsRoutes, { discounts });
  return discounts;
}
