import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { runPostgresStatement } from './postgres-statement.js';

export type TestDb = 'sqlite' | 'postgres';
/** Which database this run of the suite uses (the vitest project sets TEST_DB). */
export const testDb: TestDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    // As without PUBLIC_URL: links use the address a request names (inject's is localhost:80).
    isPublicUrlSet: false,
    allowedHosts: [],
    isSecure: false,
    dataDir,
    database: { kind: 'sqlite', filename: ':memory:' },
    storage: { kind: 'local' },
    sessionSecret: 'test-secret-test-secret-test-secret-123',
    adminEmail: undefined,
    adminPassword: undefined,
    storeName: 'Bindery',
    supportEmail: '',
    seller: { sellerName: '', sellerAddress: '', sellerTaxId: '', invoicePrefix: 'INV-' },
    mainSiteUrl: '/',
    logLevel: 'silent',
    logFormat: 'json',
    trustProxy: false,
    webDistDir: path.join(dataDir, 'no-web-build'),
    seedDemo: false,
    auth: {
      sessionDays: 30,
      idleMinutes: { user: 7 * 24 * 60, admin: 12 * 60 },
      maxFailuresPerEmail: 10,
      maxFailuresPerIp: 30,
      // Tests register many buyers from one address; the limit has tests of its own.
      maxRegistrationsPerIpPerHour: 10_000,
      failureWindowMinutes: 15,
    },
    payments: {
      provider: 'test',
      checkoutSessionMinutes: 30,
      downloadLinkMinutes: 15,
      tax: null,
    },
    uploads: {
      maxFileBytes: 2 * 1024 * 1024 * 1024,
      maxImageBytes: 10 * 1024 * 1024,
      signatureTtlSeconds: 120,
      idleTimeoutMs: 30_000,
      maxBytesPerAddressPerHour: 20 * 1024 * 1024 * 1024,
    },
    // Mail goes to the log unless a test starts an SMTP server and points smtpUrl at it.
    mail: { smtpUrl: undefined, from: '"Bindery" <no-reply@example.com>' },
    downloads: { limit: 0 },
    timeZone: 'UTC',
    currency: 'USD',
    locale: 'en-US',
    http: { requestTimeoutMs: 60_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000 },
    ...overrides,
  };
}

/**
 * A new database in the suite's PostgreSQL, empty or (`migrated`) a copy of the migrated
 * template; `drop` removes it (connections and all).
 */
export async function createScratchDatabase(
  prefix: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = (statement: string) => runPostgresStatement(adminUrl, statement);
  await run(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${inject('postgresTemplate')}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh database of the suite's kind, empty or (`migrated`, PostgreSQL only: SQLite migrates
 * in a few milliseconds) already migrated; PostgreSQL gets a new database per call.
 */
export async function openTestDatabase({
  migrated = false,
}: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  if (testDb === 'sqlite') return openDatabase({ kind: 'sqlite', filename: ':memory:' });
  const scratch = await createScratchDatabase('bindery_test', { migrated });
  const handle = openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real application on a fresh database; the one way tests start the server. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'clock' | 'logStream' | 'sitemapUrlsPerFile' | 'pageRenderer'> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await openTestDatabase({ migrated: true });
  const app = await buildApp(config, { database, ...options });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` of a Set-Cookie header, ready to send back as a Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error('response set no cookie');
  return first.split(';')[0]!;
}

let sequence = 0;
/** Registers a buyer and signs in; returns the Cookie header value. */
export async function signUpAndSignIn(
  app: FastifyInstance,
  account: { name?: string; email?: string; password?: string } = {},
): Promise<{ cookie: string; email: string; password: string }> {
  const email = account.email ?? `buyer${++sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const password = account.password ?? 'correct horse battery';
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: account.name ?? 'Test Buyer', email, password, role: 'user' },
  });
  if (register.statusCode !== 201) throw new Error(`register failed: ${register.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { cookie: sessionCookieFrom(login), email, password };
}

/** Creates an admin account and signs in; returns the Cookie header value. */
export async function signInAsAdmin(
  app: FastifyInstance,
): Promise<{ cookie: string; email: string }> {
  const email = `admin${++sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'admin password';
  await app.auth.upsertAdmin({ email, password, name: 'Test Admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.body}`);
  return { cookie: sessionCookieFrom(login), email };
}
