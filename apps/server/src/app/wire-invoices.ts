import type { AuthService } from '../features/auth/index.js';
import type { CatalogService } from '../features/catalog/index.js';
import {
  createInvoiceNumbering,
  createInvoicesService,
  invoicesRoutes,
  type SellerDetails,
} from '../features/invoices/index.js';
import type { OrdersService } from '../features/orders/index.js';
import type { SettingsService } from '../features/settings/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { invoiceQueries } from '../features/invoices/invoices.repo.js';
import type { AppContext } from './app-context.js';

/** The seller as invoices name them, from the owner's settings now. */
function sellerOf(settings: SettingsService): SellerDetails {
  const { sellerName, storeName, sellerAddress, sellerTaxId, supportEmail } = settings.now();
  return {
    name: sellerName || storeName,
    address: sellerAddress ? sellerAddress.split('\n') : [],
    taxId: sellerTaxId,
    email: supportEmail,
  };
}

/** What numbers an order's invoice and credit note, handed to the orders repo as its port. */
export const invoiceNumberingFor = (settings: SettingsService) =>
  createInvoiceNumbering({
    invoicePrefix: () => settings.now().invoicePrefix,
    seller: () => sellerOf(settings),
  });

/** The invoice and credit-note downloads. */
export async function registerInvoices(
  { app, config, database }: Pick<AppContext, 'app' | 'config' | 'database'>,
  needs: {
    orders: OrdersService;
    auth: AuthService;
    catalog: CatalogService;
    settings: SettingsService;
  },
) {
  const invoices = createInvoicesService({
    repo: invoiceQueries(database.db),
    orders: needs.orders,
    users: needs.auth,
    catalog: needs.catalog,
    seller: () => sellerOf(needs.settings),
    timeZone: config.timeZone,
  });
  await app.register(invoicesRoutes, { invoices });
}
