import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built store,
 * started on a fresh SQLite data directory for every run.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'bindery-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;
/** The test mail server the store sends to (mail-sink.ts): SMTP, and HTTP for the specs. */
export const mailSinkSmtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? port + 1);
export const mailSinkHttpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? port + 2);
process.env.MAIL_SINK_HTTP_PORT ??= String(mailSinkHttpPort);

/** Starts the mail server the store's SMTP_URL points at. */
export function mailSink(smtpPort: number, httpPort: number) {
  return {
    command: 'node --import tsx mail-sink.ts',
    url: `http://127.0.0.1:${httpPort}/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { MAIL_SINK_SMTP_PORT: String(smtpPort), MAIL_SINK_HTTP_PORT: String(httpPort) },
  };
}

export default defineConfig({
  testDir: './tests',
  // Each run clears its own output folder as it starts: runs side by side (run-all.mjs) need
  // one each, or one would delete the other's traces mid-test.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [
        ['list'],
        [
          'html',
          { open: 'never', outputFolder: process.env.E2E_REPORT_DIR ?? 'playwright-report' },
        ],
      ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@mobile/ },
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grep: /@mobile/,
    },
  ],
  webServer: [
    mailSink(mailSinkSmtpPort, mailSinkHttpPort),
    {
      command: 'node ../apps/server/dist/store.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'admin password 1',
        LOG_LEVEL: 'warn',
        STORE_NAME: 'Bindery',
        MAIN_SITE_URL: 'https://example.com/',
        // Every browser test registers its own buyer from this one address.
        AUTH_REGISTRATIONS_PER_IP_PER_HOUR: '1000',
        SMTP_URL: `smtp://127.0.0.1:${mailSinkSmtpPort}`,
        MAIL_FROM: '"Bindery" <shop@example.com>',
      },
    },
  ],
});
