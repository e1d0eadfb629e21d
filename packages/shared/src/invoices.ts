// Invoices and credit notes: their numbers, messages and the rule the web app links them by.

/** The prefix of invoice numbers until the owner sets another (INVOICE_PREFIX, Settings). */
export const DEFAULT_INVOICE_PREFIX = 'INV-';
/** Credit notes have their own sequence and this prefix, so they never read as an invoice. */
export const CREDIT_NOTE_PREFIX = 'CN-';
export const INVOICE_PREFIX_MAX_LENGTH = 20;
/** Letters, digits, dot, underscore and hyphen: the number is also the file's name. */
export const INVOICE_PREFIX_PATTERN = /^[A-Za-z0-9._-]*$/;
export const SELLER_NAME_MAX_LENGTH = 120;
export const SELLER_ADDRESS_MAX_LENGTH = 400;
export const SELLER_ADDRESS_MAX_LINES = 6;
export const SELLER_TAX_ID_MAX_LENGTH = 40;

/** "INV-0001": the prefix as it was when the number was given, and at least four digits. */
export function formatDocumentNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(4, '0')}`;
}

export const InvoiceMessages = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  downloadInvoice: 'Download the invoice (PDF)',
  downloadCreditNote: 'Download the credit note (PDF)',
  notPaid: 'This order has no invoice yet: an invoice is issued once the payment is confirmed.',
  notRefunded:
    'This order has no credit note: a credit note is issued only when an order is refunded.',
  sellerNameTooLong: `Seller name must be at most ${SELLER_NAME_MAX_LENGTH} characters.`,
  sellerNameControlCharacters: 'Seller name must not contain control characters.',
  sellerAddressTooLong: `Seller address must be at most ${SELLER_ADDRESS_MAX_LENGTH} characters.`,
  sellerAddressTooManyLines: `Seller address must be at most ${SELLER_ADDRESS_MAX_LINES} lines.`,
  sellerAddressControlCharacters:
    'Seller address must not contain control characters other than line breaks.',
  sellerTaxIdTooLong: `Seller tax ID must be at most ${SELLER_TAX_ID_MAX_LENGTH} characters.`,
  sellerTaxIdControlCharacters: 'Seller tax ID must not contain control characters.',
  invoicePrefixTooLong: `Invoice prefix must be at most ${INVOICE_PREFIX_MAX_LENGTH} characters.`,
  invoicePrefixCharacters:
    'Invoice prefix may contain only letters, digits, dots, underscores and hyphens.',
} as const;

/** Where an order's documents download (the buyer's and the admins'). */
export const invoicePath = (orderId: string) => `/api/orders/${orderId}/invoice.pdf`;
export const creditNotePath = (orderId: string) => `/api/orders/${orderId}/credit-note.pdf`;

interface OrderFacts {
  status: string;
  /** Set exactly when the order was paid: every paid order got an invoice at that moment. */
  paidAt: string | null;
}

/** Whether an order has an invoice: it was paid (and may have been refunded since). */
export const hasInvoice = (order: OrderFacts): boolean =>
  order.paidAt !== null && (order.status === 'paid' || order.status === 'refunded');

/** Whether an order has a credit note: a paid order that was refunded. */
export const hasCreditNote = (order: OrderFacts): boolean =>
  order.paidAt !== null && order.status === 'refunded';
