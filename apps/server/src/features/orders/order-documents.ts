import type { OrderStatus } from '@bindery/shared';
import type { Db } from '../../db/client.js';

/** An order's status as one transition moved it. */
export interface StatusChange {
  orderId: string;
  productId: string;
  from: OrderStatus;
  to: OrderStatus;
  /** When it moved (ms). */
  at: number;
}

/**
 * Where each status change is told inside the transaction that makes it (`within`), so the
 * invoice of a payment and the credit note of a refund are numbered exactly when they commit.
 * The invoices feature provides it at wiring: orders does not know how documents are kept.
 */
export interface DocumentRecorder {
  recordStatusChange(change: StatusChange, within: Db): Promise<void>;
}

/** For repos built without invoices (some tests). */
export const NO_DOCUMENTS: DocumentRecorder = { recordStatusChange: async () => {} };

/** Several recorders told of each change in turn (invoices, then discount redemptions). */
export const recordEach = (...recorders: DocumentRecorder[]): DocumentRecorder => ({
  async recordStatusChange(change, within) {
    for (const recorder of recorders) await recorder.recordStatusChange(change, within);
  },
});
