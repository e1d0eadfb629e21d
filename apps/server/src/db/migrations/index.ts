import type { Db, Dialect } from '../client.js';
import { m001Accounts } from './001-accounts.js';
import { m002Products } from './002-products.js';
import { m003Uploads } from './003-uploads.js';
import { m004StoreMeta } from './004-store-meta.js';
import { m005Orders } from './005-orders.js';
import { m006MoneyPath } from './006-money-path.js';
import { m007UploadLimits } from './007-upload-limits.js';
import { m008SearchFolding } from './008-search-folding.js';
import { m009CatalogueState } from './009-catalogue-state.js';
import { m010MailOutbox } from './010-mail-outbox.js';
import { m011PasswordResets } from './011-password-resets.js';
import { m012DownloadLimits } from './012-download-limits.js';
import { m013SalesIndexes } from './013-sales-indexes.js';
import { m014SalesTotals } from './014-sales-totals.js';
import { m015OrderHiding } from './015-order-hiding.js';
import { m016DownloadBytes } from './016-download-bytes.js';
import { m017StoreSettings } from './017-store-settings.js';
import { m018OrderNumbers } from './018-order-numbers.js';
import { m020SearchFormats } from './020-search-formats.js';
import { m021SalesCurrencies } from './021-sales-currencies.js';
import { m022Invoices } from './022-invoices.js';
import { m023Tax } from './023-tax.js';
import { m024Discounts } from './024-discounts.js';
import { m025PayWhatYouWant } from './025-pay-what-you-want.js';
import { m026FreeOrders } from './026-free-orders.js';
import { m027SalesDiscounts } from './027-sales-discounts.js';
import { m028ProductFiles } from './028-product-files.js';
import { m029LicenseKeys } from './029-license-keys.js';
import { m030PdfStamping } from './030-pdf-stamping.js';
import { m031ProductUpdates } from './031-product-updates.js';
import type { SqliteConstraintEdit } from '../sqlite-constraint-edit.js';

/** A schema change, written once per database where their SQL differs. */
export interface Migration {
  name: string;
  statements: Record<Dialect, string[]>;
  /** Work SQL alone cannot do (rows rewritten by application code), after the statements. */
  afterStatements?: (db: Db, dialect: Dialect) => Promise<void>;
  /** SQLite only: constraints rewritten in place, before the statements (sqlite-constraint-edit.ts). */
  sqliteConstraintEdits?: SqliteConstraintEdit[];
}

/** Applied in this order; never edit one that has shipped, add a new one. */
export const migrations: Migration[] = [
  m001Accounts,
  m002Products,
  m003Uploads,
  m004StoreMeta,
  m005Orders,
  m006MoneyPath,
  m007UploadLimits,
  m008SearchFolding,
  m009CatalogueState,
  m010MailOutbox,
  m011PasswordResets,
  m012DownloadLimits,
  m013SalesIndexes,
  m014SalesTotals,
  m015OrderHiding,
  m016DownloadBytes,
  m017StoreSettings,
  m018OrderNumbers,
  m020SearchFormats,
  m021SalesCurrencies,
  m022Invoices,
  m023Tax,
  m024Discounts,
  m025PayWhatYouWant,
  m026FreeOrders,
  m027SalesDiscounts,
  m028ProductFiles,
  m029LicenseKeys,
  m030PdfStamping,
  m031ProductUpdates,
];
