// License keys (migration 029; decision 037), apart so types.ts stays small.

export interface LicenseKeysTable {
  /** One key per order: the order paid. */
  orderId: string;
  productId: string;
  /** 32 upper-case hex digits (128 random bits), shown with dashes every 8. */
  licenseKey: string;
  /** Copied from the product when the key was issued; null for no limit. */
  maxUses: number | null;
  uses: number;
  disabledAt: number | null;
  createdAt: number;
}
