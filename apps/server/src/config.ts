import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_IMAGE_BYTES } from '@bindery/shared';
import { ConfigError, problemsOf } from './config/config-error.js';
import { EnvSchema, STORAGE_VARIABLES, type EnvVars } from './config/env-schema.js';
import { paymentsOf } from './config/payment-provider-choice.js';
import { readOrCreateSecret } from './config/secret-key.js';
import { databaseConfigOf, storageOf } from './config/storage-choice.js';
import type { Config, StorageConfig, StoreDataConfig } from './config/types.js';

// The one reader of process.env for settings; the pieces it uses live in config/.
export { ConfigError } from './config/config-error.js';
export { isLoopbackUrl } from './config/payment-provider-choice.js';
export type {
  Config,
  DatabaseConfig,
  S3StorageConfig,
  StorageConfig,
  StoreDataConfig,
} from './config/types.js';

/** Where the built web app lives when the server runs from this repository. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Reads and validates the environment once; every bad variable is reported on its own line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, env));
  const vars = parsed.data;
  requireSettingPairs(vars);
  const storage = storageOf(vars);
  requireSharedSecretForBucket(vars, storage);
  const dataDir = path.resolve(vars.DATA_DIR);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  // Chosen before secret.key is written: a store refused for want of payments leaves no file.
  const payments = paymentsOf(vars, publicUrl);
  return {
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    isPublicUrlSet: vars.PUBLIC_URL !== undefined,
    allowedHosts: vars.ALLOWED_HOSTS,
    isSecure: publicUrl.startsWith('https:'),
    dataDir,
    database: databaseConfigOf(vars.DATABASE_URL, dataDir),
    storage,
    sessionSecret: vars.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    adminEmail: vars.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: vars.ADMIN_PASSWORD,
    storeName: vars.STORE_NAME,
    supportEmail: vars.SUPPORT_EMAIL ?? '',
    seller: {
      sellerName: vars.SELLER_NAME,
      sellerAddress: vars.SELLER_ADDRESS,
      sellerTaxId: vars.SELLER_TAX_ID,
      invoicePrefix: vars.INVOICE_PREFIX,
    },
    mainSiteUrl: vars.MAIN_SITE_URL,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    trustProxy: vars.TRUST_PROXY,
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(vars.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    seedDemo: vars.SEED_DEMO,
    auth: authOf(vars),
    payments,
    uploads: {
      maxFileBytes: vars.MAX_UPLOAD_SIZE_MB * 1024 * 1024,
      maxImageBytes: MAX_IMAGE_BYTES,
      signatureTtlSeconds: 2 * 60,
      idleTimeoutMs: vars.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
      maxBytesPerAddressPerHour: vars.UPLOAD_MB_PER_ADDRESS_PER_HOUR * 1024 * 1024,
    },
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? defaultSender(vars.STORE_NAME, publicUrl),
    },
    downloads: { limit: vars.DOWNLOAD_LIMIT },
    timeZone: vars.STORE_TIME_ZONE,
    currency: vars.STORE_CURRENCY,
    locale: vars.STORE_LOCALE,
    http: {
      requestTimeoutMs: vars.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: vars.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: 5_000,
    },
  };
}

/**
 * The data settings alone, for the maintenance commands: they run beside a store whose other
 * settings (payment keys, PUBLIC_URL) need not be in their environment, and they must not
 * create a secret.key in a directory that is about to be restored into.
 */
export function loadStoreDataConfig(env: NodeJS.ProcessEnv = process.env): StoreDataConfig {
  const parsed = EnvSchema.pick({
    DATA_DIR: true,
    DATABASE_URL: true,
    ...STORAGE_VARIABLES,
  }).safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, env));
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const storage = storageOf(parsed.data);
  return {
    dataDir,
    database: databaseConfigOf(parsed.data.DATABASE_URL, dataDir),
    storage,
    filesInBucket: storage.kind === 's3',
    pgDump: env.PG_DUMP?.trim() || 'pg_dump',
    pgRestore: env.PG_RESTORE?.trim() || 'pg_restore',
    invokedFrom: env.INIT_CWD?.trim() || process.cwd(),
  };
}

/** Settings that only work together: half of a pair is refused, not half used. */
function requireSettingPairs(vars: EnvVars): void {
  if ((vars.ADMIN_EMAIL === undefined) !== (vars.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither']);
  }
  if ((vars.STRIPE_SECRET_KEY === undefined) !== (vars.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError(['STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both or neither']);
  }
}

/**
 * Each instance on a bucket would otherwise sign download links with its own data directory's
 * secret, and a link made by one would fail on the next (decision 022).
 */
function requireSharedSecretForBucket(vars: EnvVars, storage: StorageConfig): void {
  if (storage.kind === 's3' && vars.SESSION_SECRET === undefined) {
    throw new ConfigError([
      'SESSION_SECRET: required with S3_BUCKET, and the same on every instance (download links are signed with it)',
    ]);
  }
}

function authOf(vars: EnvVars): Config['auth'] {
  return {
    sessionDays: 30,
    idleMinutes: {
      user: vars.SESSION_IDLE_HOURS_BUYER * 60,
      admin: vars.SESSION_IDLE_HOURS_ADMIN * 60,
    },
    maxFailuresPerEmail: vars.AUTH_MAX_FAILURES_PER_EMAIL,
    maxFailuresPerIp: vars.AUTH_MAX_FAILURES_PER_IP,
    maxRegistrationsPerIpPerHour: vars.AUTH_REGISTRATIONS_PER_IP_PER_HOUR,
    failureWindowMinutes: vars.AUTH_FAILURE_WINDOW_MINUTES,
  };
}

/** `"Store name" <no-reply@host>`, the host being the store's own (localhost for a demo). */
function defaultSender(storeName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  const domain = host.includes('.') && !/^[\d.:]+$/.test(host) ? host : 'localhost';
  return `"${storeName.replace(/["\\\r\n]/g, '')}" <no-reply@${domain}>`;
}
