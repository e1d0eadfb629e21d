import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = path.join(os.tmpdir(), 'bindery-config-test');
const base = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(32) };

describe('loadConfig', () => {
  test('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      isSecure: false,
      storeName: 'Bindery',
      mainSiteUrl: '/',
      database: { kind: 'sqlite', filename: path.join(dataDir, 'bindery.db') },
    });
    // Without SESSION_SECRET a secret is generated once and reused.
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  test('DATABASE_URL selects PostgreSQL and https PUBLIC_URL makes cookies secure', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      PUBLIC_URL: 'https://shop.example.com/',
      PAYMENTS: 'test',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/shop' });
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.isSecure).toBe(true);
  });

  test('the seller on invoices: defaults, an address with \\n between its lines, and the prefix’s rule', () => {
    expect(loadConfig(base).seller).toEqual({
      sellerName: '',
      sellerAddress: '',
      sellerTaxId: '',
      invoicePrefix: 'INV-',
    });
    expect(
      loadConfig({
        ...base,
        SELLER_NAME: ' Łukasz Wójcik Verlag ',
        SELLER_ADDRESS: 'Große Straße 5\\n10115 Berlin ',
        SELLER_TAX_ID: 'DE123456789',
        INVOICE_PREFIX: 'BK-2026-',
      }).seller,
    ).toEqual({
      sellerName: 'Łukasz Wójcik Verlag',
      sellerAddress: 'Große Straße 5\n10115 Berlin',
      sellerTaxId: 'DE123456789',
      invoicePrefix: 'BK-2026-',
    });
    let error: unknown;
    try {
      loadConfig({ ...base, INVOICE_PREFIX: 'INV/' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'INVOICE_PREFIX: Invoice prefix may contain only letters, digits, dots, underscores and hyphens. (got "INV/")',
    ]);
  });

  test('mail, download limit and time zone: defaults, values and clear errors', () => {
    expect(loadConfig({ ...base, STORE_NAME: 'Paper "Shop"' })).toMatchObject({
      mail: { smtpUrl: undefined, from: '"Paper Shop" <no-reply@localhost>' },
      downloads: { limit: 0 },
      timeZone: 'UTC',
    });
    expect(
      loadConfig({
        ...base,
        PUBLIC_URL: 'https://shop.example.com',
        PAYMENTS: 'test',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        DOWNLOAD_LIMIT: '5',
        STORE_TIME_ZONE: 'Europe/Berlin',
      }),
    ).toMatchObject({
      mail: {
        smtpUrl: 'smtps://user:pass@mail.example.com:465',
        from: '"Bindery" <no-reply@shop.example.com>',
      },
      downloads: { limit: 5 },
      timeZone: 'Europe/Berlin',
    });
    expect(loadConfig({ ...base, MAIL_FROM: '"My Shop" <shop@example.com>' }).mail.from).toBe(
      '"My Shop" <shop@example.com>',
    );

    let error: unknown;
    try {
      loadConfig({
        ...base,
        SMTP_URL: 'http://mail.example.com',
        MAIL_FROM: 'not an address',
        DOWNLOAD_LIMIT: '-1',
        STORE_TIME_ZONE: 'Mars/Olympus',
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'DOWNLOAD_LIMIT: must be 0 (unlimited) or more (got "-1")',
      'SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587 (got "http://mail.example.com")',
      'MAIL_FROM: must be an address such as shop@example.com or "My Shop" <shop@example.com> (got "not an address")',
      'STORE_TIME_ZONE: must be a time zone name such as UTC or Europe/Berlin (got "Mars/Olympus")',
    ]);
  });

  test('reports every bad variable on its own line', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        PORT: 'abc',
        PUBLIC_URL: 'ftp://x',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        LOG_LEVEL: 'loud',
        LOG_FORMAT: 'fancy',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(6);
    expect(problems.find((line) => line.startsWith('PORT:'))).toMatch(
      /must be a port number \(got "abc"\)/,
    );
    expect(problems.find((line) => line.startsWith('PUBLIC_URL:'))).toBeDefined();
    expect(problems.find((line) => line.startsWith('DATABASE_URL:'))).toMatch(/postgres/);
    expect(problems.find((line) => line.startsWith('SESSION_SECRET:'))).toMatch(/32/);
    expect(problems.find((line) => line.startsWith('LOG_LEVEL:'))).toBeDefined();
    expect(problems.find((line) => line.startsWith('LOG_FORMAT:'))).toMatch(
      /must be auto, json or pretty/,
    );
  });

  describe('which payments a store takes', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

    test.each([
      ['no PUBLIC_URL (localhost)', {}],
      ['http://127.0.0.1:3000', { PUBLIC_URL: 'http://127.0.0.1:3000' }],
      ['http://[::1]:3000', { PUBLIC_URL: 'http://[::1]:3000' }],
      [
        'a public address with PAYMENTS=test',
        { PUBLIC_URL: 'https://shop.example.com', PAYMENTS: 'test' },
      ],
    ])('the test checkout runs on %s', (_name, env) => {
      expect(loadConfig({ ...base, ...env }).payments.provider).toBe('test');
    });

    test('a public address without keys does not start: one line names STRIPE_SECRET_KEY and PAYMENTS=test', () => {
      const problems = problemsOf({ PUBLIC_URL: 'https://shop.example.com' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('STRIPE_SECRET_KEY');
      expect(problems[0]).toContain('PAYMENTS=test');
    });

    test('a lookalike of localhost is a public address', () => {
      expect(problemsOf({ PUBLIC_URL: 'https://localhost.example.com' })).toHaveLength(1);
      expect(problemsOf({ PUBLIC_URL: 'http://127.0.0.1.nip.example' })).toHaveLength(1);
    });

    test('Stripe keys select Stripe anywhere; STRIPE_API_BASE points the SDK elsewhere', () => {
      const config = loadConfig({
        ...base,
        ...stripeKeys,
        PUBLIC_URL: 'https://shop.example.com',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      });
      expect(config.payments.provider).toBe('stripe');
      expect(config.payments.stripe).toMatchObject({
        secretKey: 'sk_live_x',
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      });
    });

    test('PAYMENTS=stripe without keys, or another value, is refused', () => {
      expect(problemsOf({ PAYMENTS: 'stripe' })[0]).toContain('STRIPE_SECRET_KEY');
      expect(problemsOf({ PAYMENTS: 'paypal' })[0]).toMatch(/^PAYMENTS: must be test or stripe/);
      expect(problemsOf({ STRIPE_API_BASE: 'ftp://x' })[0]).toMatch(/^STRIPE_API_BASE: /);
    });
  });

  test('the config knows whether PUBLIC_URL was set, and reads ALLOWED_HOSTS', () => {
    expect(loadConfig(base)).toMatchObject({ isPublicUrlSet: false, allowedHosts: [] });
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:3000' }).isPublicUrlSet).toBe(true);
    expect(
      loadConfig({ ...base, ALLOWED_HOSTS: ' Shop.LAN, 192.168.1.20 ,[fd00::1],' }).allowedHosts,
    ).toEqual(['shop.lan', '192.168.1.20', 'fd00::1']);
    let error: unknown;
    try {
      loadConfig({ ...base, ALLOWED_HOSTS: 'shop.lan:8080' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'ALLOWED_HOSTS: must be host names or addresses separated by commas, without ports (got "shop.lan:8080")',
    ]);
  });

  describe('where files are stored', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };

    test('the local disk by default, a bucket with S3_BUCKET', () => {
      expect(loadConfig(base).storage).toEqual({ kind: 'local' });
      expect(loadConfig({ ...base, S3_BUCKET: 'shop-files' }).storage).toEqual({
        kind: 's3',
        bucket: 'shop-files',
        region: 'us-east-1',
        forcePathStyle: false,
        downloads: 'redirect',
      });
      expect(
        loadConfig({
          ...base,
          S3_BUCKET: 'shop-files',
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_REGION: 'auto',
          S3_ACCESS_KEY_ID: 'key-id',
          S3_SECRET_ACCESS_KEY: 'key-secret',
          S3_FORCE_PATH_STYLE: 'true',
          S3_DOWNLOADS: 'stream',
        }).storage,
      ).toEqual({
        kind: 's3',
        bucket: 'shop-files',
        endpoint: 'http://127.0.0.1:9000',
        region: 'auto',
        credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
        forcePathStyle: true,
        downloads: 'stream',
      });
    });

    test('bad values, half the credentials or settings without a bucket are refused', () => {
      expect(
        problemsOf({
          S3_BUCKET: 'Shop_Files',
          S3_ENDPOINT: 'ftp://files.example.com',
          S3_FORCE_PATH_STYLE: 'yes',
          S3_DOWNLOADS: 'proxy',
        }),
      ).toEqual([
        'S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "Shop_Files")',
        'S3_ENDPOINT: must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com (got "ftp://files.example.com")',
        'S3_FORCE_PATH_STYLE: must be true or false (got "yes")',
        'S3_DOWNLOADS: must be redirect or stream (got "proxy")',
      ]);
      expect(problemsOf({ S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'key-id' })).toEqual([
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
      ]);
      expect(
        problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }),
      ).toEqual([
        'S3_BUCKET: set it to store files in a bucket (S3_ENDPOINT, S3_FORCE_PATH_STYLE given)',
      ]);
      expect(problemsOf({ S3_BUCKET: '', S3_REGION: '', S3_FORCE_PATH_STYLE: 'false' })).toEqual(
        [],
      );
    });

    test('a bucket needs SESSION_SECRET, which every instance shares', () => {
      expect(problemsOf({ S3_BUCKET: 'shop-files', SESSION_SECRET: '' })).toEqual([
        'SESSION_SECRET: required with S3_BUCKET, and the same on every instance (download links are signed with it)',
      ]);
    });
  });

  test('currency and locale: USD in en-US by default, any ISO 4217 code, clear errors', () => {
    expect(loadConfig(base)).toMatchObject({ currency: 'USD', locale: 'en-US' });
    expect(loadConfig({ ...base, STORE_CURRENCY: 'eur', STORE_LOCALE: 'de-DE' })).toMatchObject({
      currency: 'EUR',
      locale: 'de-DE',
    });
    expect(loadConfig({ ...base, STORE_CURRENCY: 'JPY', STORE_LOCALE: 'ja-JP' }).currency).toBe(
      'JPY',
    );
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (caught) {
        return (caught as ConfigError).problems;
      }
      return [];
    };
    expect(problemsOf({ STORE_CURRENCY: 'EURO', STORE_LOCALE: 'not a locale' })).toEqual([
      'STORE_CURRENCY: must be an ISO 4217 currency code such as USD, EUR or JPY (got "EURO")',
      'STORE_LOCALE: must be a locale such as en-US, de-DE or ja-JP (got "not a locale")',
    ]);
    expect(problemsOf({ STORE_CURRENCY: 'XYZ' })).toEqual([
      'STORE_CURRENCY: must be an ISO 4217 currency code such as USD, EUR or JPY (got "XYZ")',
    ]);
    expect(problemsOf({ STORE_CURRENCY: 'KWD' })).toEqual([
      'STORE_CURRENCY: three-decimal currencies (BHD, JOD, KWD, OMR, TND) are not supported (got "KWD")',
    ]);
  });

  test('tax: none by default, TEST_TAX_RATE with the test checkout, STRIPE_TAX with Stripe, clear errors', () => {
    expect(loadConfig(base).payments.tax).toBeNull();
    expect(loadConfig({ ...base, TEST_TAX_RATE: '20' }).payments.tax).toEqual({
      behavior: 'exclusive',
      testRate: '20',
    });
    // Kept as the orders keep rates: no trailing zeros.
    expect(
      loadConfig({ ...base, TEST_TAX_RATE: '8.500', TAX_BEHAVIOR: 'inclusive' }).payments.tax,
    ).toEqual({ behavior: 'inclusive', testRate: '8.5' });
    expect(loadConfig({ ...base, TEST_TAX_RATE: '', TAX_BEHAVIOR: '' }).payments.tax).toBeNull();
    // STRIPE_TAX is Stripe's: the test checkout ignores it, and Stripe ignores TEST_TAX_RATE.
    expect(loadConfig({ ...base, STRIPE_TAX: 'true' }).payments.tax).toBeNull();
    const stripe = {
      ...base,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PUBLIC_URL: 'https://shop.example.com',
    };
    expect(loadConfig({ ...stripe, TEST_TAX_RATE: '20' }).payments.tax).toBeNull();
    expect(loadConfig({ ...stripe, STRIPE_TAX: 'true' }).payments.tax).toEqual({
      behavior: 'exclusive',
      testRate: null,
    });
    expect(
      loadConfig({ ...stripe, STRIPE_TAX: '1', TAX_BEHAVIOR: 'inclusive' }).payments.tax,
    ).toEqual({ behavior: 'inclusive', testRate: null });
    expect(loadConfig({ ...stripe, STRIPE_TAX: 'false' }).payments.tax).toBeNull();

    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (caught) {
        return (caught as ConfigError).problems;
      }
      return [];
    };
    expect(
      problemsOf({ STRIPE_TAX: 'yes', TAX_BEHAVIOR: 'included', TEST_TAX_RATE: '20%' }),
    ).toEqual([
      'STRIPE_TAX: must be true or false (got "yes")',
      'TAX_BEHAVIOR: must be exclusive or inclusive (got "included")',
      'TEST_TAX_RATE: must be a percentage such as 20 or 8.875 (got "20%")',
    ]);
    for (const rate of ['101', '8.8755', '-5', '1e1', 'twenty']) {
      expect(problemsOf({ TEST_TAX_RATE: rate })).toEqual([
        `TEST_TAX_RATE: must be a percentage such as 20 or 8.875 (got "${rate}")`,
      ]);
    }
    expect(problemsOf({ TEST_TAX_RATE: '0' })).toEqual([
      'TEST_TAX_RATE: must be more than 0 (leave it unset for no tax) (got "0")',
    ]);
    expect(problemsOf({ TEST_TAX_RATE: '100' })).toEqual([]);
  });

  test('ADMIN_EMAIL needs ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'a@b.co' })).toThrow(/set both or neither/);
  });

  test('.env.example documents every variable the server reads', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = new Set(
      [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
    );
    const source = readFileSync(new URL('./config/env-schema.ts', import.meta.url), 'utf8');
    const read = [...source.matchAll(/^\s{2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(10);
    for (const name of read)
      expect(documented, `${name} missing from .env.example`).toContain(name);
  });
});
