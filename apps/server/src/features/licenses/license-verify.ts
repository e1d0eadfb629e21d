import { timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  LicenseMessages,
  normalizeLicenseKey,
  type LicenseInvalid,
  type LicenseValid,
} from '@bindery/shared';
import type { OrdersService } from '../orders/index.js';
import type { LicenseKeyRow, LicenseQueries } from './licenses.repo.js';

/** What a check answers: 200 with the key's state, or 404 / 409 with why not. */
export type VerifyResult =
  { status: 200; body: LicenseValid } | { status: 404 | 409; body: LicenseInvalid };

export interface VerifyInput {
  productId: string;
  licenseKey: string;
  incrementUses: boolean;
}

const refuse = (status: 404 | 409, message: string): VerifyResult => ({
  status,
  body: {
    valid: false,
    message,
    code: status === 404 ? ErrorCode.notFound : ErrorCode.conflict,
  },
});

/** The key found by its index, compared once more in constant time before anything is told. */
function isSameKey(row: LicenseKeyRow | undefined, key: string): row is LicenseKeyRow {
  if (!row) return false;
  const stored = Buffer.from(row.licenseKey);
  const given = Buffer.from(key);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * A seller's software checking a key: valid for this product, its order still paid and not
 * disputed, the key not disabled, and (with `incrementUses`) an activation left. Unknown keys
 * and keys of another product answer alike, so a caller cannot probe for either.
 */
export async function verifyLicense(
  queries: LicenseQueries,
  orders: Pick<OrdersService, 'findOrder'>,
  input: VerifyInput,
): Promise<VerifyResult> {
  const key = normalizeLicenseKey(input.licenseKey);
  const row = key === null ? undefined : await queries.findByKey(key);
  if (key === null || !isSameKey(row, key) || row.productId !== input.productId) {
    return refuse(404, LicenseMessages.notFound);
  }
  const order = await orders.findOrder(row.orderId);
  if (!order || order.status !== 'paid') return refuse(409, LicenseMessages.orderRefunded);
  if (order.disputeStatus === 'open' || order.disputeStatus === 'lost') {
    return refuse(409, LicenseMessages.orderDisputed);
  }
  if (row.disabledAt !== null) return refuse(409, LicenseMessages.disabled);
  let uses = row.uses;
  if (input.incrementUses) {
    const counted = await queries.addUse(key);
    // Disabled between the read and the count, or the last activation taken meanwhile.
    if (counted === undefined) {
      const now = await queries.findByKey(key);
      return refuse(409, now?.disabledAt ? LicenseMessages.disabled : LicenseMessages.limitReached);
    }
    uses = counted;
  }
  return {
    status: 200,
    body: {
      valid: true,
      uses,
      maxUses: row.maxUses,
      order: { id: order.id, createdAt: new Date(order.createdAt).toISOString() },
    },
  };
}
