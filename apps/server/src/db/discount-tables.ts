// Discounts and free downloads (migrations 024, 025; decision 034), apart so types.ts stays small.

export interface DiscountsTable {
  id: string;
  /** As the owner typed it. */
  code: string;
  /** The code in lower case: what buyers' codes are matched against. */
  codeKey: string;
  percentOff: number | null;
  /** Minor units of `currency`. */
  amountOffCents: number | null;
  /** The store's currency (lower case) when the discount was saved. */
  currency: string;
  /** JSON list of product ids; empty for every product. */
  productIds: string;
  startsAt: number | null;
  endsAt: number | null;
  maxRedemptions: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface DiscountRedemptionsTable {
  orderId: string;
  discountId: string;
  /** Held by an open checkout, or redeemed by a paid order. */
  state: 'held' | 'redeemed';
  createdAt: number;
}

/** A product a buyer took for nothing: one per buyer and product (migration 025). */
export interface FreeClaimsTable {
  userId: string;
  productId: string;
  orderId: string;
  createdAt: number;
}
