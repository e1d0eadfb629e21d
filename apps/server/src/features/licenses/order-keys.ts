import { formatLicenseKey } from '@bindery/shared';
import type { Db } from '../../db/client.js';
import type { OrderLicenseKey, OrderLicenseKeys } from '../orders/index.js';
import { licenseQueries, type LicenseKeyRow } from './licenses.repo.js';

export const toOrderKey = (row: LicenseKeyRow): OrderLicenseKey => ({
  licenseKey: formatLicenseKey(row.licenseKey),
  uses: row.uses,
  maxUses: row.maxUses,
  disabled: row.disabledAt !== null,
});

/** The port orders read keys through: their answers, and the receipt in its transaction. */
export function createOrderKeys(db: Db): OrderLicenseKeys {
  return {
    async keysOf(orderIds, within) {
      const rows = await licenseQueries(within ?? db).findByOrders(orderIds);
      return new Map(rows.map((row) => [row.orderId, toOrderKey(row)]));
    },
  };
}
