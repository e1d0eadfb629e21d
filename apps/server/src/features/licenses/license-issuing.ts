import { randomBytes } from 'node:crypto';
import type { CatalogService } from '../catalog/index.js';
import type { DocumentRecorder } from '../orders/index.js';
import { licenseQueries } from './licenses.repo.js';

/** 128 random bits as 32 upper-case hex digits: the form keys are stored and matched in. */
export const newLicenseKey = () => randomBytes(16).toString('hex').toUpperCase();

/**
 * Issues an order's license key in the transaction that marks it paid (a payment, a free
 * order, or the owner granting a flagged one), so a paid order of a product with keys always
 * has exactly one, and a failed payment none. The product's activation limit is copied onto
 * the key: what the buyer bought does not change when the seller edits the product later.
 */
export function createLicenseIssuing(
  catalog: Pick<CatalogService, 'getLicenseKeySettings'>,
  clock: () => number = Date.now,
): DocumentRecorder {
  return {
    async recordStatusChange({ orderId, productId, to }, within) {
      if (to !== 'paid') return;
      const settings = await catalog.getLicenseKeySettings(productId, within);
      if (!settings.enabled) return;
      await licenseQueries(within).insertKey({
        orderId,
        productId,
        licenseKey: newLicenseKey(),
        maxUses: settings.maxUses,
        uses: 0,
        disabledAt: null,
        createdAt: clock(),
      });
    },
  };
}
