import type { InvoiceDocumentKind } from '../../db/types.js';

/** The seller as an invoice names them: kept with each document as it was issued. */
export interface SellerDetails {
  /** The legal name (the store's name when the owner gave none). */
  name: string;
  /** The postal address, line by line; empty for none. */
  address: string[];
  taxId: string;
  /** Where buyers write with questions; '' for none. */
  email: string;
}

/** One line of an invoice. Amounts in minor units of the document's currency. */
export interface InvoiceLine {
  description: string;
  netAmount: number;
  /** Percent, e.g. 20 for 20 %; 0 until the store records tax. */
  taxRatePercent: number;
  taxAmount: number;
  totalAmount: number;
}

/**
 * Everything an invoice or credit note shows, gathered before the PDF is drawn; the drawing
 * knows nothing of orders. Tax is 0 today: when orders record it, only the facts change.
 */
export interface InvoiceFacts {
  kind: InvoiceDocumentKind;
  /** This document's number (INV-0001, CN-0001). */
  number: string;
  /** The invoice's number: the same for an invoice, the one a credit note refers to. */
  invoiceNumber: string;
  /** When it was issued (ms): the payment for an invoice, the refund for a credit note. */
  issuedAt: number;
  /** When the order was paid (ms). */
  paidAt: number;
  orderNumber: number;
  seller: SellerDetails;
  buyer: {
    name: string;
    email: string;
    /** ISO country and tax ID, when the checkout collected them (null until then). */
    country: string | null;
    taxId: string | null;
  };
  /** ISO 4217, upper case (USD). */
  currency: string;
  lines: InvoiceLine[];
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
  /** The store's time zone, for the dates. */
  timeZone: string;
}
