import type { AuthService } from '../features/auth/index.js';
import type { CatalogService } from '../features/catalog/index.js';
import {
  createLicenseIssuing,
  createLicensesService,
  createOrderKeys,
  licensesRoutes,
} from '../features/licenses/index.js';
import type { OrdersService } from '../features/orders/index.js';
import type { AppContext } from './app-context.js';

/**
 * What orders are given by licenses before they exist: the key issued in each payment's
 * transaction, and the keys their answers and receipts show.
 */
export const licensePortsFor = (
  database: AppContext['database'],
  catalog: CatalogService,
  clock: () => number,
) => ({
  issuing: createLicenseIssuing(catalog, clock),
  keys: createOrderKeys(database.db),
});

/** The public check of keys and the owner's switch, once orders exist. */
export async function registerLicenses(
  { app, database }: Pick<AppContext, 'app' | 'database'>,
  { orders, auth, clock }: { orders: OrdersService; auth: AuthService; clock: () => number },
) {
  const licenses = createLicensesService({ db: database.db, orders, throttle: auth, clock });
  await app.register(licensesRoutes, { licenses });
}
