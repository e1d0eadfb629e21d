// The invoices feature's tables (migration 022, decision 031), apart so types.ts stays small.

export type InvoiceDocumentKind = 'invoice' | 'credit-note';
/** Migration 022: the last number of each kind, and each order's documents (decision 031). */
export type InvoiceSequencesTable = { kind: InvoiceDocumentKind; lastSequence: number };
export type InvoiceDocumentsTable = {
  orderId: string;
  kind: InvoiceDocumentKind;
  prefix: string;
  sequence: number;
  issuedAt: number;
  /** The seller when it was issued (JSON); null for documents the migration numbered. */
  seller: string | null;
};
