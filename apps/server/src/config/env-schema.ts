import {
  DEFAULT_CURRENCY,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_LOCALE,
  DEFAULT_MAX_DIGITAL_FILE_MB,
  StoreSettingsSchema,
  THREE_DECIMAL_CURRENCIES,
  isSupportedCurrency,
  isSupportedLocale,
} from '@bindery/shared';
import { z } from 'zod';

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

/** The environment variables the server reads, each with the message a person sees when it is wrong. */
/** A percentage with up to three decimals, 0 to 100. */
const TAX_RATE_SHAPE = /^\d{1,2}(\.\d{1,3})?$|^100$/;

export const EnvSchema = z.object({
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
  SUPPORT_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  // The invoice settings' first values, checked as the Settings screen checks them.
  SELLER_NAME: z.string().default('').pipe(StoreSettingsSchema.shape.sellerName),
  // One line in an env file: "\n" (backslash, n) separates the address's lines.
  SELLER_ADDRESS: z
    .string()
    .default('')
    .transform((text) => text.replace(/\\n/g, '\n'))
    .pipe(StoreSettingsSchema.shape.sellerAddress),
  SELLER_TAX_ID: z.string().default('').pipe(StoreSettingsSchema.shape.sellerTaxId),
  INVOICE_PREFIX: z
    .string()
    .default(DEFAULT_INVOICE_PREFIX)
    .pipe(StoreSettingsSchema.shape.invoicePrefix),
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
  STRIPE_TAX: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  TAX_BEHAVIOR: z
    .enum(['exclusive', 'inclusive', ''], { error: 'must be exclusive or inclusive' })
    .default('exclusive')
    .transform((value) => (value === '' ? 'exclusive' : value)),
  TEST_TAX_RATE: optionalText.pipe(
    z
      .string()
      .regex(TAX_RATE_SHAPE, 'must be a percentage such as 20 or 8.875')
      // Only a well-formed rate can be 0: anything else has its one line above.
      .refine(
        (rate) => !TAX_RATE_SHAPE.test(rate) || Number(rate) > 0,
        'must be more than 0 (leave it unset for no tax)',
      )
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
  STORE_CURRENCY: z
    .string()
    .trim()
    .default(DEFAULT_CURRENCY)
    .transform((code) => code.toUpperCase())
    .refine(
      (code) => !THREE_DECIMAL_CURRENCIES.includes(code),
      'three-decimal currencies (BHD, JOD, KWD, OMR, TND) are not supported',
    )
    .refine(
      (code) => THREE_DECIMAL_CURRENCIES.includes(code) || isSupportedCurrency(code),
      'must be an ISO 4217 currency code such as USD, EUR or JPY',
    ),
  STORE_LOCALE: z
    .string()
    .trim()
    .default(DEFAULT_LOCALE)
    .refine(isSupportedLocale, 'must be a locale such as en-US, de-DE or ja-JP'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
});

/** The variables that say where files are stored. */
export const STORAGE_VARIABLES = {
  S3_BUCKET: true,
  S3_ENDPOINT: true,
  S3_REGION: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_FORCE_PATH_STYLE: true,
  S3_DOWNLOADS: true,
} as const;

export type EnvVars = z.infer<typeof EnvSchema>;

/** The parsed variables that say where files are stored. */
export type StorageVars = Pick<EnvVars, keyof typeof STORAGE_VARIABLES>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
