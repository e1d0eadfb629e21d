/**
 * The port through which My Orders learns that a product changed after its buyer last
 * downloaded it (the product-updates feature answers it at wiring; orders depends on no feature
 * downstream of it). Order id → when, in ms; orders missing from the map show no update.
 */
export type PurchaseUpdates = (
  orders: ReadonlyArray<{ id: string; productId: string; paidAt: number | null }>,
) => Promise<ReadonlyMap<string, number>>;

export const NO_PURCHASE_UPDATES: PurchaseUpdates = async () => new Map();
