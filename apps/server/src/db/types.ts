import type { ColumnType, Generated } from 'kysely';
import type {
  DigitalFormat,
  DisputeStatus,
  TaxBehavior,
  ImageFormat,
  MailKind,
  MailStatus,
  OrderStatus,
  Role,
} from '@bindery/shared';
import type {
  DiscountRedemptionsTable,
  DiscountsTable,
  FreeClaimsTable,
} from './discount-tables.js';
import type {
  DownloadCompletionsTable,
  DownloadsTable,
  DownloadUsageTable,
} from './download-tables.js';
import type { InvoiceDocumentsTable, InvoiceSequencesTable } from './invoice-tables.js';
import type { LicenseKeysTable } from './license-tables.js';
import type * as files from './product-file-tables.js';
import type { ProductUpdateRecipientsTable, ProductUpdatesTable } from './product-update-tables.js';
import type { SalesProductDaysTable, SalesQuarterHoursTable } from './sales-tables.js';
import type { PdfStampsTable } from './stamping-tables.js';
import type {
  TestCheckoutRefundsTable,
  TestCheckoutSessionsTable,
} from './test-checkout-tables.js';
export type * from './discount-tables.js';
export type * from './download-tables.js';
export type * from './invoice-tables.js';
export type * from './license-tables.js';
export type * from './product-file-tables.js';
export type * from './sales-tables.js';
export type * from './stamping-tables.js';
export type * from './test-checkout-tables.js';

/** Timestamps are milliseconds since the epoch in both databases (integer / bigint). */
export interface UsersTable {
  id: string;
  name: string;
  /** Stored lower-cased, so uniqueness is case-insensitive on both databases. */
  email: string;
  passwordHash: string;
  role: Role;
  createdAt: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a database leak does not hand out sessions. */
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
}

export interface AuthFailuresTable {
  id: Generated<number>;
  /** `login:email:<email>`, `login:ip:<address>`, `register:ip:<address>`… */
  key: string;
  createdAt: number;
}

export interface ProductsTable {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  priceCents: number;
  /** JSON array of image URLs, in display order. */
  images: string;
  /** The upload id of the digital file, with what buyers may see of it. */
  digitalFileId: string;
  digitalFileFormat: 'pdf' | 'zip' | 'epub';
  digitalFileSize: number;
  digitalFileName: string;
  createdAt: number;
  updatedAt: number;
  /** Set instead of deleting a product that has sales: out of the catalogue, its file kept. */
  archivedAt: number | null;
  /** Completed downloads per order for this product; null for the store's DOWNLOAD_LIMIT, 0 unlimited. */
  downloadLimit: number | null;
  /** The tax category the provider is told (Stripe's `txcd_…`); null for the store's default. */
  taxCode: string | null;
  /** 1: buyers pay what they want from `minimumPriceCents`, the price suggested (migration 025). */
  payWhatYouWant: number;
  minimumPriceCents: number | null;
  /** 1: each paid order gets a license key (migration 029); absent in rows built before it. */
  licenseKeysEnabled?: number;
  /** Activations each key allows; null for no limit. */
  licenseKeyMaxUses?: number | null;
  /**
   * 1: PDFs are stamped with the buyer's email and order number; the note says when one could
   * not be (migration 030). Optional on insert: the columns default to 0 and null.
   */
  stampPdf?: number;
  stampNote?: string | null;
}

/**
 * The product's title, subtitle and description as the full-text index reads them: folded by
 * the catalogue (lower case, no accents, "e-book" also as "ebook") on every write. Kept out of
 * `ProductsTable`, so rows the catalogue builds need not carry them; optional when inserting.
 */
export interface ProductSearchColumns {
  searchTitle: ColumnType<string, string | undefined, string>;
  searchSubtitle: ColumnType<string, string | undefined, string>;
  searchDescription: ColumnType<string, string | undefined, string>;
}

export interface UploadsTable {
  /** Random base64url; also names the stored objects, never a client-supplied name. */
  id: string;
  kind: 'file' | 'image';
  /** Detected from the content, not from the name or Content-Type. */
  format: DigitalFormat | ImageFormat;
  /** The sanitised original name, shown to admins and used for download names. */
  fileName: string;
  size: number;
  sha256: string;
  /** Set by the catalogue when a product uses the upload; unattached uploads are swept after a day. */
  productId: string | null;
  createdAt: number;
}

/** A signature from generate-signature: one upload, by the session that asked for it. */
export interface UploadSignaturesTable {
  /** SHA-256 of the signature handed out; the signature itself is not kept. */
  signatureHash: string;
  /** The session that asked for it (`sessions.token_hash`): no other session can use it. */
  sessionHash: string;
  /** When it was handed out; its `timestamp` field is this in whole seconds. */
  issuedAt: number;
  expiresAt: number;
  /** Set by the first upload that presents it; a second one is refused. */
  usedAt: number | null;
}

/** Bytes the upload routes received from one client address in one minute. */
export interface UploadUsageTable {
  address: string;
  /** Start of the minute, in milliseconds. */
  minuteStart: number;
  bytes: number;
}

export interface StoreMetaTable {
  key: string;
  value: string;
}

export interface OrdersTable {
  id: string;
  userId: string;
  productId: string;
  /**
   * What the buyer is charged: the product's stored price when the order was made (never a
   * client's number), and once paid, the total the payment charged, tax included (migration 023).
   */
  amountCents: number;
  currency: string;
  /** Before tax: the price, or what the payment said the subtotal was (migration 023). */
  subtotalCents: number;
  /** The tax the payment collected; 0 without tax. */
  taxCents: number;
  /** How the checkout was asked to tax the price; null when no tax was asked. */
  taxBehavior: TaxBehavior | null;
  /** The rate charged, a decimal percentage ("20", "8.875"); null when unknown or untaxed. */
  taxRate: string | null;
  /** The buyer as the payment named them (billing details): for the invoice. */
  buyerName: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  buyerCountry: string | null;
  buyerTaxId: string | null;
  /** The discount code the order used, as the owner wrote it; null for none (migration 024). */
  discountCode: string | null;
  /** What the code took off the price; the full price is the subtotal plus this. */
  discountCents: number;
  status: OrderStatus;
  provider: 'test' | 'stripe';
  providerSessionId: string | null;
  paymentIntentId: string | null;
  /** The hosted checkout's address and end, kept so a second Buy Now can return it. */
  providerSessionUrl: string | null;
  providerSessionExpiresAt: number | null;
  /** Hash of what the provider was asked (title, amount, addresses): a change asks anew. */
  checkoutFingerprint: string | null;
  /** Set when the provider reported something that needs the owner (mismatch, late payment). */
  reviewReason: string | null;
  /** A payment dispute: downloads are paused while it is open. */
  disputeStatus: DisputeStatus | null;
  /** The provider's id of the refund the store made for this order. */
  refundId: string | null;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  /** Completed downloads counted against the limit since the order was paid or last reset. */
  downloadsUsed: number;
  /** When the owner removed a refunded or canceled order from the admin list (migration 015). */
  hiddenAt: number | null;
  /** The order's number for people ("#1042"), given by the database on insert (migration 018). */
  orderNumber: number;
}

/** An order before the database numbered it: what the store writes. */
export type NewOrderRow = Omit<OrdersTable, 'orderNumber'>;

/** A payment the provider reported for an order the store does not have (deleted, or foreign). */
export interface UnmatchedPaymentsTable {
  /** The provider's event id (or the session id when there is no event). */
  id: string;
  provider: 'test' | 'stripe';
  orderId: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  amountCents: number | null;
  currency: string | null;
  reason: string;
  createdAt: number;
}

/** Provider events already applied: a redelivered event id changes nothing. */
export interface PaymentEventsTable {
  id: string;
  orderId: string | null;
  type: string;
  createdAt: number;
}

/** Every status change an order went through, and why: the audit trail of fulfilment. */
export interface OrderTransitionsTable {
  id: Generated<number>;
  orderId: string;
  fromStatus: OrderStatus;
  toStatus: OrderStatus;
  reason: string;
  createdAt: number;
}

/** One row: what the catalogue reads instead of scanning products (migration 009). */
export interface CatalogueStateTable {
  id: number;
  /** Raised by every product write; instances drop their cached catalogue answers when it moves. */
  version: number;
  /** Products on sale (not archived). */
  liveProducts: number;
}

/** An email waiting to be sent, sent, or given up on (migration 010, decision 015). */
export interface MailOutboxTable {
  /** Random; also the local part of the email's Message-ID, so a resend is recognisably the same. */
  id: string;
  kind: MailKind;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  status: MailStatus;
  attempts: number;
  /** When a worker may next try it; a worker that claims it moves this a lease ahead. */
  nextAttemptAt: number;
  /** Past this, a failing email stops being retried and shows as failed (24 h after queueing). */
  giveUpAt: number;
  /** Past this the email is pointless (a reset link that expired) and is not sent at all. */
  expiresAt: number | null;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  /** How a sent email went out (`smtp`, or `log` without SMTP_URL); null before migration 017. */
  deliveredBy: 'smtp' | 'log' | null;
}

/** A password reset link: the hash of its token, its account, and when it ends or was used. */
export interface PasswordResetsTable {
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  authFailures: AuthFailuresTable;
  products: ProductsTable & ProductSearchColumns;
  catalogueState: CatalogueStateTable;
  storeMeta: StoreMetaTable;
  uploads: UploadsTable;
  uploadSignatures: UploadSignaturesTable;
  uploadUsage: UploadUsageTable;
  orders: NewOrderRow & { orderNumber: Generated<number> };
  salesQuarterHours: SalesQuarterHoursTable;
  salesProductDays: SalesProductDaysTable;
  paymentEvents: PaymentEventsTable;
  orderTransitions: OrderTransitionsTable;
  downloads: DownloadsTable;
  downloadCompletions: DownloadCompletionsTable;
  downloadUsage: DownloadUsageTable;
  testCheckoutSessions: TestCheckoutSessionsTable;
  testCheckoutRefunds: TestCheckoutRefundsTable;
  unmatchedPayments: UnmatchedPaymentsTable;
  mailOutbox: MailOutboxTable;
  passwordResets: PasswordResetsTable;
  storeSettings: StoreSettingsTable;
  receiptRequests: ReceiptRequestsTable;
  invoiceSequences: InvoiceSequencesTable;
  invoiceDocuments: InvoiceDocumentsTable;
  discounts: DiscountsTable;
  discountRedemptions: DiscountRedemptionsTable;
  freeClaims: FreeClaimsTable;
  licenseKeys: LicenseKeysTable;
  pdfStamps: PdfStampsTable;
  productFiles: files.ProductFilesTable;
  orderFileDownloads: files.OrderFileDownloadsTable;
  downloadFileUsage: files.DownloadFileUsageTable;
  productUpdates: ProductUpdatesTable;
  productUpdateRecipients: ProductUpdateRecipientsTable;
}

/** The owner's settings, one row (id 1): a JSON document and the version every save raises. */
export interface StoreSettingsTable {
  id: number;
  version: number;
  settings: string;
  updatedAt: number;
}

/** A receipt a buyer had sent again, kept an hour for the limits of "Email me the receipt". */
export interface ReceiptRequestsTable {
  orderId: string;
  userId: string;
  requestedAt: number;
}
