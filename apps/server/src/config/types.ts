import type { LogFormat } from '../lib/log-format.js';
import type { TaxBehavior } from '@bindery/shared';

export type DatabaseConfig =
  { kind: 'sqlite'; filename: string } | { kind: 'postgres'; url: string };

/** Where uploaded files live: under DATA_DIR, or in an S3-compatible bucket (S3_BUCKET). */
export type StorageConfig = { kind: 'local' } | S3StorageConfig;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** S3_ENDPOINT for another provider (R2, MinIO, Backblaze…); AWS itself without it. */
  endpoint?: string;
  region: string;
  /** The SDK's default chain (environment, profile, instance role) finds them when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /**
   * S3_DOWNLOADS: `redirect` sends a buyer to a presigned URL (the endpoint must be reachable by
   * buyers); `stream` has the store read the file from the bucket and send it, for a bucket only
   * the store can reach.
   */
  downloads: 'redirect' | 'stream';
}

export interface Config {
  port: number;
  host: string;
  /** PUBLIC_URL, or `http://localhost:<PORT>` when it is not set (start-up messages only). */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. When it was, links use it and requests to another host are sent
   * there; when not, links use the address the buyer is on, if this machine answers to it
   * (see plugins/store-address.ts and decision 010).
   */
  isPublicUrlSet: boolean;
  /** ALLOWED_HOSTS: more names the store answers to without PUBLIC_URL (lower-case, no port). */
  allowedHosts: string[];
  /** True when PUBLIC_URL is https: cookies get Secure and the __Host- prefix, HSTS is sent. */
  isSecure: boolean;
  dataDir: string;
  database: DatabaseConfig;
  storage: StorageConfig;
  sessionSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /**
   * STORE_NAME and SUPPORT_EMAIL ('' for none): the first values of the owner's settings, which
   * live in the database from the first start (features/settings); read those, not these.
   */
  storeName: string;
  supportEmail: string;
  /**
   * SELLER_NAME, SELLER_ADDRESS ("\n" between lines), SELLER_TAX_ID and INVOICE_PREFIX: the first
   * values of the invoice settings, kept in the database like the others.
   */
  seller: { sellerName: string; sellerAddress: string; sellerTaxId: string; invoicePrefix: string };
  mainSiteUrl: string;
  logLevel: string;
  /** LOG_FORMAT: `auto` (readable lines on a terminal, JSON otherwise), `json` or `pretty`. */
  logFormat: LogFormat;
  trustProxy: boolean;
  webDistDir: string;
  /** Add the demo catalogue to a new, empty store. */
  seedDemo: boolean;
  auth: {
    sessionDays: number;
    /** A session unused this long ends: admins sooner than buyers. */
    idleMinutes: { user: number; admin: number };
    /**
     * Failed sign-ins on one account inside the window past which addresses that failed on it
     * are held (an address with no failures still signs in).
     */
    maxFailuresPerEmail: number;
    /** Failed sign-ins allowed per client address inside the window, across accounts. */
    maxFailuresPerIp: number;
    /** Registrations one client address may make per hour. */
    maxRegistrationsPerIpPerHour: number;
    failureWindowMinutes: number;
  };
  payments: {
    /**
     * Stripe when both keys are set; the built-in test checkout with PAYMENTS=test, or on a
     * loopback PUBLIC_URL (the default), never silently on a public address.
     */
    provider: 'test' | 'stripe';
    stripe?: {
      secretKey: string;
      webhookSecret: string;
      /** STRIPE_API_BASE: a local server that speaks Stripe's API, for tests and demos. */
      api?: { host: string; port: number; protocol: 'http' | 'https' };
      /** How long checkout waits for Stripe before answering 503; 10 s unless a test shortens it. */
      timeoutMs?: number;
    };
    /** A hosted checkout closes after this many minutes; its order becomes canceled. */
    checkoutSessionMinutes: number;
    /** How long a signed download link works. */
    downloadLinkMinutes: number;
    /**
     * Tax at checkout (decision 033): Stripe Tax (STRIPE_TAX=true) or the test checkout's
     * TEST_TAX_RATE; null for none. `behavior` is TAX_BEHAVIOR, sent as each line's.
     */
    tax: {
      behavior: TaxBehavior;
      /** The test checkout's rate, a decimal percentage; null with Stripe (Stripe Tax decides). */
      testRate: string | null;
    } | null;
  };
  uploads: {
    /** Largest digital file the file host accepts. */
    maxFileBytes: number;
    /** Largest image the image host accepts. */
    maxImageBytes: number;
    /** How long a signature from generate-signature stays valid (one use, bound to the session). */
    signatureTtlSeconds: number;
    /** An upload that sends nothing for this long is cut off and its temp file removed. */
    idleTimeoutMs: number;
    /** Upload bytes one client address may send per hour, across all upload routes. */
    maxBytesPerAddressPerHour: number;
  };
  mail: {
    /** SMTP_URL (smtp:// or smtps://); without it every email is written to the log in full. */
    smtpUrl: string | undefined;
    /** MAIL_FROM, or the store's name at no-reply@ the store's host. */
    from: string;
  };
  downloads: {
    /** DOWNLOAD_LIMIT: completed downloads per order, 0 for unlimited; a product may override it. */
    limit: number;
  };
  /** STORE_TIME_ZONE (IANA name, default UTC): where the sales overview's days begin and end. */
  timeZone: string;
  /**
   * STORE_CURRENCY (ISO 4217 upper case, default USD): the currency of every price and of new
   * orders; an order keeps the one it was made in (decision 030).
   */
  currency: string;
  /** STORE_LOCALE (BCP 47, default en-US): how amounts are written. */
  locale: string;
  http: {
    /** The whole request, headers to last body byte (uploads get their own idle timeout instead). */
    requestTimeoutMs: number;
    /** Time to receive the request's headers (slowloris). */
    headersTimeoutMs: number;
    /** An idle keep-alive connection is closed after this long. */
    keepAliveTimeoutMs: number;
  };
}

/** Where a store keeps its data, and nothing more: what backup, restore and copy-to-postgres need. */
export interface StoreDataConfig {
  dataDir: string;
  database: DatabaseConfig;
  /** Where the uploaded files live: under DATA_DIR, or in the bucket S3_BUCKET names. */
  storage: StorageConfig;
  /** S3_BUCKET is set: the uploaded files live in a bucket, not under DATA_DIR. */
  filesInBucket: boolean;
  /** PG_DUMP and PG_RESTORE: PostgreSQL's programs, from PATH unless given. */
  pgDump: string;
  pgRestore: string;
  /**
   * Where the command was typed (npm runs scripts from the repository root and keeps the
   * caller's directory in INIT_CWD): a relative path on the command line means from there.
   */
  invokedFrom: string;
}
