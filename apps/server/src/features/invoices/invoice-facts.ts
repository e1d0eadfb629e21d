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
  /** Percent, e.g. 20 for 20 %, 8.875; 0 for an order without tax. */
  taxRatePercent: number;
  taxAmount: number;
  totalAmount: number;
}

/**
 * Everything an invoice or credit note shows, gathered before the PDF is drawn; the drawing
 * knows nothing of orders. Tax is what the payment reported (0 for an order without tax).
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

/** An order's amounts as an invoice itemises them (minor units); the total is what was paid. */
export function invoiceAmountsOf(order: {
  amountCents: number;
  taxCents: number;
  taxRate: string | null;
}): Pick<InvoiceLine, 'netAmount' | 'taxRatePercent' | 'taxAmount' | 'totalAmount'> {
  const net = order.amountCents - order.taxCents;
  return {
    netAmount: net,
    taxRatePercent: taxRatePercentOf(net, order.taxCents, order.taxRate),
    taxAmount: order.taxCents,
    totalAmount: order.amountCents,
  };
}

/**
 * The rate the payment reported, or, when it reported tax but no rate (a Stripe event without
 * its breakdown), the rate the amounts show, to two decimals.
 */
function taxRatePercentOf(net: number, tax: number, rate: string | null): number {
  if (rate !== null) return Number(rate);
  if (tax <= 0 || net <= 0) return 0;
  return Math.round((tax * 10_000) / net) / 100;
}
