import { NO_LICENSE_KEYS, type LicenseKeySettings } from '@bindery/shared';
import type { Db } from '../../db/client.js';
import type { CatalogRepo, ProductRow } from './catalog.repo.js';

type LicenseKeyColumns = Required<Pick<ProductRow, 'licenseKeysEnabled' | 'licenseKeyMaxUses'>>;

/** A product's license keys as the API shows them (decision 037). */
export const licenseKeysOf = (row: ProductRow): LicenseKeySettings =>
  row.licenseKeysEnabled === 1
    ? { enabled: true, maxUses: row.licenseKeyMaxUses ?? null }
    : NO_LICENSE_KEYS;

/** The columns a write stores; absent from an edit's body keeps what the product had. */
export function licenseKeyColumns(settings: LicenseKeySettings | undefined): LicenseKeyColumns;
export function licenseKeyColumns(
  settings: LicenseKeySettings | undefined,
  isEdit: true,
): Partial<LicenseKeyColumns>;
export function licenseKeyColumns(settings: LicenseKeySettings | undefined, isEdit = false) {
  if (!settings) return isEdit ? {} : { licenseKeysEnabled: 0, licenseKeyMaxUses: null };
  return settings.enabled
    ? { licenseKeysEnabled: 1, licenseKeyMaxUses: settings.maxUses }
    : { licenseKeysEnabled: 0, licenseKeyMaxUses: null };
}

/** What the licenses feature reads: a product's keys, archived products included. */
export function createLicenseKeyReads(repo: CatalogRepo) {
  return {
    /**
     * The product's license keys now; `within` reads inside a transaction the caller holds
     * (SQLite's one connection is that transaction's). Off for a product that is gone.
     */
    async getLicenseKeySettings(productId: string, within?: Db): Promise<LicenseKeySettings> {
      const queries = within ? repo.within(within) : repo;
      const row = await queries.findProductIncludingArchived(productId);
      return row ? licenseKeysOf(row) : NO_LICENSE_KEYS;
    },
  };
}
