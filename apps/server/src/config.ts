import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_DIGITAL_FILE_MB, MAX_IMAGE_BYTES } from '@bindery/shared';
import { z } from 'zod';
import type { LogFormat } from './lib/log-format.js';

/** Where the built web app lives when the server runs from this repository. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

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
  storeName: string;
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
  http: {
    /** The whole request, headers to last body byte (uploads get their own idle timeout instead). */
    requestTimeoutMs: number;
    /** Time to receive the request's headers (slowloris). */
    headersTimeoutMs: number;
    /** An idle keep-alive connection is closed after this long. */
    keepAliveTimeoutMs: number;
  };
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be positive')
    .default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as https://shop.example.com',
      })
      .optional(),
  ),
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) =>
          name
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^([a-z0-9-]+(\.[a-z0-9-]+)*\.?|[0-9a-f:.]+)$/,
            'must be host names or addresses separated by commas, without ports',
          ),
      ),
    ),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(8, 'must be at least 8 characters')
      .max(128, 'must be at most 128 characters')
      .optional(),
  ),
  STORE_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters')
    .default('Bindery'),
  MAIN_SITE_URL: z.string().trim().min(1, 'must not be empty').default('/'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { error: 'must be auto, json or pretty' })
    .default('auto'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  WEB_DIST_DIR: optionalText,
  SESSION_IDLE_HOURS_BUYER: positiveInt(7 * 24),
  SESSION_IDLE_HOURS_ADMIN: positiveInt(12),
  AUTH_MAX_FAILURES_PER_EMAIL: positiveInt(10),
  AUTH_MAX_FAILURES_PER_IP: positiveInt(30),
  AUTH_FAILURE_WINDOW_MINUTES: positiveInt(15),
  AUTH_REGISTRATIONS_PER_IP_PER_HOUR: positiveInt(20),
  MAX_UPLOAD_SIZE_MB: positiveInt(DEFAULT_MAX_DIGITAL_FILE_MB),
  UPLOAD_IDLE_TIMEOUT_SECONDS: positiveInt(30),
  UPLOAD_MB_PER_ADDRESS_PER_HOUR: positiveInt(20 * 1024),
  REQUEST_TIMEOUT_SECONDS: positiveInt(60),
  HEADERS_TIMEOUT_SECONDS: positiveInt(10),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  ),
  PAYMENTS: z
    .enum(['test', 'stripe', ''], { error: 'must be test or stripe' })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  STRIPE_API_BASE: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as http://127.0.0.1:12111',
      })
      .optional(),
  ),
  DOWNLOAD_LINK_TTL_MINUTES: positiveInt(15),
  DOWNLOAD_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (unlimited) or more')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com',
      })
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  S3_DOWNLOADS: z
    .enum(['redirect', 'stream', ''], { error: 'must be redirect or stream' })
    .default('redirect')
    .transform((value) => value || 'redirect'),
  SMTP_URL: optionalText.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
      })
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .max(200, 'must be at most 200 characters')
      .regex(
        /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'must be an address such as shop@example.com or "My Shop" <shop@example.com>',
      )
      .optional(),
  ),
  STORE_TIME_ZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine(isTimeZone, 'must be a time zone name such as UTC or Europe/Berlin'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; every bad variable is reported on its own line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, env));
  const vars = parsed.data;
  if ((vars.ADMIN_EMAIL === undefined) !== (vars.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither']);
  }
  if ((vars.STRIPE_SECRET_KEY === undefined) !== (vars.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError(['STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both or neither']);
  }
  const storage = storageOf(vars);
  // Each instance on a bucket would otherwise sign download links with its own data
  // directory's secret, and a link made by one would fail on the next (decision 022).
  if (storage.kind === 's3' && vars.SESSION_SECRET === undefined) {
    throw new ConfigError([
      'SESSION_SECRET: required with S3_BUCKET, and the same on every instance (download links are signed with it)',
    ]);
  }
  const dataDir = path.resolve(vars.DATA_DIR);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  const provider = choosePaymentProvider(vars.PAYMENTS, vars.STRIPE_SECRET_KEY, publicUrl);
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
    mainSiteUrl: vars.MAIN_SITE_URL,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    trustProxy: vars.TRUST_PROXY,
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(vars.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    seedDemo: vars.SEED_DEMO,
    auth: {
      sessionDays: 30,
      idleMinutes: {
        user: vars.SESSION_IDLE_HOURS_BUYER * 60,
        admin: vars.SESSION_IDLE_HOURS_ADMIN * 60,
      },
      maxFailuresPerEmail: vars.AUTH_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: vars.AUTH_MAX_FAILURES_PER_IP,
      maxRegistrationsPerIpPerHour: vars.AUTH_REGISTRATIONS_PER_IP_PER_HOUR,
      failureWindowMinutes: vars.AUTH_FAILURE_WINDOW_MINUTES,
    },
    payments: {
      provider,
      ...(provider === 'stripe' && vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? {
            stripe: {
              secretKey: vars.STRIPE_SECRET_KEY,
              webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
              ...(vars.STRIPE_API_BASE ? { api: stripeApiOf(vars.STRIPE_API_BASE) } : {}),
            },
          }
        : {}),
      checkoutSessionMinutes: 30,
      downloadLinkMinutes: vars.DOWNLOAD_LINK_TTL_MINUTES,
    },
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
    http: {
      requestTimeoutMs: vars.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: vars.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: 5_000,
    },
  };
}

/** The variables that say where files are stored. */
const STORAGE_VARIABLES = {
  S3_BUCKET: true,
  S3_ENDPOINT: true,
  S3_REGION: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_FORCE_PATH_STYLE: true,
  S3_DOWNLOADS: true,
} as const;

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

/** One line per bad variable, naming it and what it held. */
function problemsOf(error: z.ZodError, env: NodeJS.ProcessEnv): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return `${name}: ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`;
  });
}

function databaseConfigOf(url: string | undefined, dataDir: string): DatabaseConfig {
  return url
    ? { kind: 'postgres', url }
    : { kind: 'sqlite', filename: path.join(dataDir, 'bindery.db') };
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `"Store name" <no-reply@host>`, the host being the store's own (localhost for a demo). */
function defaultSender(storeName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  const domain = host.includes('.') && !/^[\d.:]+$/.test(host) ? host : 'localhost';
  return `"${storeName.replace(/["\\\r\n]/g, '')}" <no-reply@${domain}>`;
}

/** Addresses only this machine can open: a store there takes no money from anyone else. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Stripe when its keys are set; the built-in test checkout only when asked for (PAYMENTS=test)
 * or on a loopback address, so `npm start` works at once while a public store without keys
 * refuses to start rather than give its files away.
 */
function choosePaymentProvider(
  requested: 'test' | 'stripe' | undefined,
  stripeKey: string | undefined,
  publicUrl: string,
): 'test' | 'stripe' {
  if (requested === 'test') return 'test';
  if (stripeKey) return 'stripe';
  if (requested === 'stripe') {
    throw new ConfigError([
      'PAYMENTS=stripe: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments',
    ]);
  }
  if (isLoopbackUrl(publicUrl)) return 'test';
  throw new ConfigError([
    `No payment provider for ${publicUrl}: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments, or PAYMENTS=test to run the test checkout (no real payments)`,
  ]);
}

/**
 * The bucket S3_BUCKET names, with its settings; the local disk without it. Bucket settings
 * without a bucket are refused rather than ignored: files would land on the disk unnoticed.
 */
function storageOf(
  vars: Pick<z.infer<typeof EnvSchema>, keyof typeof STORAGE_VARIABLES>,
): StorageConfig {
  const keyId = vars.S3_ACCESS_KEY_ID;
  const secret = vars.S3_SECRET_ACCESS_KEY;
  if ((keyId === undefined) !== (secret === undefined)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  if (!vars.S3_BUCKET) {
    const stray = [
      vars.S3_ENDPOINT && 'S3_ENDPOINT',
      vars.S3_REGION && 'S3_REGION',
      keyId && 'S3_ACCESS_KEY_ID',
      secret && 'S3_SECRET_ACCESS_KEY',
      vars.S3_FORCE_PATH_STYLE && 'S3_FORCE_PATH_STYLE',
      vars.S3_DOWNLOADS === 'stream' && 'S3_DOWNLOADS',
    ].filter(Boolean);
    if (stray.length > 0) {
      throw new ConfigError([
        `S3_BUCKET: set it to store files in a bucket (${stray.join(', ')} given)`,
      ]);
    }
    return { kind: 'local' };
  }
  return {
    kind: 's3',
    bucket: vars.S3_BUCKET,
    ...(vars.S3_ENDPOINT ? { endpoint: vars.S3_ENDPOINT } : {}),
    region: vars.S3_REGION ?? 'us-east-1',
    ...(keyId && secret ? { credentials: { accessKeyId: keyId, secretAccessKey: secret } } : {}),
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
    downloads: vars.S3_DOWNLOADS,
  };
}

function stripeApiOf(base: string) {
  const url = new URL(base);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
  } as const;
}

/**
 * Without SESSION_SECRET a single-machine shop still needs a stable secret (signed links must
 * survive restarts), so one is generated once and kept in the data directory.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
