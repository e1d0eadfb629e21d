import type { NewOrderRow } from '../db/types.js';

/**
 * An order row as the store writes one, for tests that put orders straight into the database
 * (many at once, or at a moment in the past): what they name, the rest as a new order without
 * tax has it.
 */
export function orderRow(
  fields: Pick<NewOrderRow, 'id' | 'userId' | 'productId' | 'amountCents'> & Partial<NewOrderRow>,
): NewOrderRow {
  const createdAt = fields.createdAt ?? 1;
  return {
    currency: 'usd',
    status: 'pending',
    provider: 'test',
    providerSessionId: null,
    paymentIntentId: null,
    providerSessionUrl: null,
    providerSessionExpiresAt: null,
    checkoutFingerprint: null,
    reviewReason: null,
    disputeStatus: null,
    refundId: null,
    createdAt,
    updatedAt: createdAt,
    paidAt: null,
    downloadsUsed: 0,
    hiddenAt: null,
    subtotalCents: fields.amountCents - (fields.taxCents ?? 0),
    taxCents: 0,
    taxBehavior: null,
    taxRate: null,
    buyerName: null,
    buyerCountry: null,
    buyerTaxId: null,
    discountCode: null,
    discountCents: 0,
    ...fields,
  };
}
