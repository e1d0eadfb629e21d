// The built-in test checkout's tables (migrations 005, 006, 023), apart so types.ts stays small.
import type { TaxBehavior } from '@bindery/shared';

/** Provider-side state of the built-in test checkout. */
export interface TestCheckoutSessionsTable {
  id: string;
  orderId: string;
  productTitle: string;
  amountCents: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  successUrl: string;
  cancelUrl: string;
  createdAt: number;
  expiresAt: number;
  /** The key the session was created under: the same key returns the same session. */
  idempotencyKey: string | null;
  /** Tax as the store asked it (migration 023): null when no tax was asked. */
  taxBehavior: TaxBehavior | null;
  taxRate: string | null;
  /** What paying charged, set when the session completes. */
  amountSubtotal: number | null;
  amountTax: number | null;
  amountTotal: number | null;
  buyerName: string | null;
  buyerCountry: string | null;
  buyerTaxId: string | null;
}

/** Refunds of the built-in test checkout, one per idempotency key. */
export interface TestCheckoutRefundsTable {
  id: string;
  sessionId: string;
  idempotencyKey: string;
  amountCents: number;
  createdAt: number;
}
