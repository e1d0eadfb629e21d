import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base, { mailSink } from './playwright.config.js';

/**
 * The flows tagged @postgres again, against the store on PostgreSQL (TEST_DATABASE_URL, or a
 * throwaway embedded server started with it), on a port of its own.
 */
const port = Number(process.env.E2E_POSTGRES_PORT ?? 4320);
const baseURL = `http://127.0.0.1:${port}`;
const baseServer = Array.isArray(base.webServer) ? base.webServer.at(-1)! : base.webServer!;
const mailSmtpPort = Number(process.env.MAIL_SINK_SMTP_PORT_POSTGRES ?? port + 1);
const mailHttpPort = port + 2;
// The specs read mail from this run's sink (tests/mailbox.ts).
process.env.MAIL_SINK_HTTP_PORT = String(mailHttpPort);

export default defineConfig({
  ...base,
  use: { ...base.use, baseURL },
  projects: [
    {
      name: 'desktop-postgres',
      use: { viewport: { width: 1280, height: 800 } },
      grep: /@postgres/,
    },
  ],
  webServer: [
    mailSink(mailSmtpPort, mailHttpPort),
    {
      ...baseServer,
      command: 'node --import tsx ../apps/server/src/test/serve-on-embedded-postgres.ts',
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      // SIGTERM lets the launcher stop the store and its PostgreSQL; SIGKILL would orphan postgres.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        ...baseServer.env,
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bindery-e2e-pg-')),
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
      },
    },
  ],
});
