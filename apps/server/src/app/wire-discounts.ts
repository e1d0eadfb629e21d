import type { CatalogService } from '../features/catalog/index.js';
import {
  createDiscountsService,
  createRedemptionRecorder,
  discountsRoutes,
} from '../features/discounts/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createDiscountsRepo } from '../features/discounts/discounts.repo.js';
import type { AppContext } from './app-context.js';

/**
 * Discount codes: the service (the owner's list, the product page's price with a code,
 * checkout's quote and hold), and what keeps a code's redemptions with their orders' status,
 * handed to the orders repo as one of its status recorders.
 */
export function buildDiscounts(
  { config, database }: Pick<AppContext, 'config' | 'database'>,
  { catalog, clock }: { catalog: CatalogService; clock: () => number },
) {
  const repo = createDiscountsRepo(database.db, database.dialect);
  const service = createDiscountsService({
    repo,
    catalog,
    currency: config.currency,
    timeZone: config.timeZone,
    clock,
  });
  return { service, redemptions: createRedemptionRecorder(repo) };
}

export const registerDiscounts = (
  app: AppContext['app'],
  discounts: ReturnType<typeof buildDiscounts>['service'],
) => app.register(discountsRoutes, { discounts });
