import { LICENSE_VERIFY_PER_MINUTE, LicenseMessages, type LicenseKeyState } from '@bindery/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthService } from '../auth/index.js';
import type { OrdersService } from '../orders/index.js';
import { verifyLicense, type VerifyInput, type VerifyResult } from './license-verify.js';
import { licenseQueries } from './licenses.repo.js';
import { toOrderKey } from './order-keys.js';

export interface LicensesServiceOptions {
  db: Db;
  orders: Pick<OrdersService, 'findOrder' | 'requireOrder'>;
  throttle: Pick<AuthService, 'requireWithinRate'>;
  clock?: () => number;
}

const MINUTE = 60_000;

/** License keys: the public check, and the owner's switch of an order's key. */
export function createLicensesService({
  db,
  orders,
  throttle,
  clock = Date.now,
}: LicensesServiceOptions) {
  const queries = licenseQueries(db);

  /** Disables or enables an order's key: 404 for an unknown order, 409 when it has no key. */
  async function setDisabled(orderId: string, disabled: boolean): Promise<LicenseKeyState> {
    await orders.requireOrder(orderId);
    const row = await queries.setDisabledAt(orderId, disabled ? clock() : null);
    if (!row) throw AppError.conflict(LicenseMessages.orderHasNoKey);
    const { licenseKey, uses, maxUses } = toOrderKey(row);
    return { licenseKey, uses, maxUses, disabled };
  }

  return {
    /** A key checked by the seller's software, counted per client address (429 past it). */
    async verify(input: VerifyInput, ip: string): Promise<VerifyResult> {
      await throttle.requireWithinRate(`license:ip:${ip}`, {
        limit: LICENSE_VERIFY_PER_MINUTE,
        windowMs: MINUTE,
        message: LicenseMessages.rateLimited,
      });
      return verifyLicense(queries, orders, input);
    },

    disableKey: (orderId: string) => setDisabled(orderId, true),
    enableKey: (orderId: string) => setDisabled(orderId, false),
  };
}

export type LicensesService = ReturnType<typeof createLicensesService>;
