import type { Db } from '../../db/client.js';

/** An order's license key as its answers show it (decision 037). */
export interface OrderLicenseKey {
  /** As buyers read it: "8F3C2A1B-4D5E6F70-9A8B7C6D-5E4F3A2B". */
  licenseKey: string;
  uses: number;
  maxUses: number | null;
  disabled: boolean;
}

/**
 * Where orders read their license keys, by order id; `within` reads inside the transaction
 * that paid the order (the receipt's). The licenses feature provides it at wiring: orders does
 * not know how keys are issued or kept.
 */
export interface OrderLicenseKeys {
  keysOf(orderIds: string[], within?: Db): Promise<Map<string, OrderLicenseKey>>;
}

/** For services built without licenses (some tests): no order has a key. */
export const NO_ORDER_KEYS: OrderLicenseKeys = { keysOf: async () => new Map() };
