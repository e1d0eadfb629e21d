import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadStoreDataConfig, type Config } from './config.js';
import { DataDirLockedError } from './db/client.js';
import { createJobLock } from './db/job-lock.js';
import { seedDemoCatalogue } from './db/seed/seed-demo-catalogue.js';
import { ensureAdmin } from './features/auth/index.js';
import { openControlSocket } from './features/backup/index.js';
import { prettyLogStream, resolveLogFormat } from './lib/log-format.js';
import { createLogWriter } from './lib/log-writer.js';

const SHUTDOWN_GRACE_MS = 10_000;
const STDOUT = 1;

/** Hosts that mean every network interface. */
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The data directory holds the database, the secret and the private files: only the store's
 * user may read it. New files are created private (umask), and an older directory or database
 * made with wider permissions is tightened.
 */
function makeDataPrivate(dataDir: string) {
  if (existsSync(dataDir)) chmodSync(dataDir, 0o700);
  for (const name of ['bindery.db', 'bindery.db-wal', 'bindery.db-shm', 'secret.key']) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

/** The configuration, or one line per bad variable and exit. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The one-time admin password, framed so it stands out of the start-up lines it follows: the
 * last thing start-up prints.
 */
function adminCredentialsNotice(email: string, password: string, publicUrl: string) {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  An admin account was created for this new store. Its password is shown only once:',
    '',
    `    email:    ${email}`,
    `    password: ${password}`,
    '',
    `  Sign in at ${publicUrl}/store/login/admin`,
    '  (set ADMIN_EMAIL and ADMIN_PASSWORD, or run "npm run create-admin", to choose your own)',
    rule,
    '',
  ].join('\n');
}

/**
 * The admin account and the demo catalogue, once the database can be reached; instances
 * starting together on one PostgreSQL take turns (the caller holds the job lock), so both are
 * made once. Resolves with the new admin's credentials to print, if one was generated.
 */
async function setUpStore(app: FastifyInstance, config: Config): Promise<string | undefined> {
  const admin = await ensureAdmin(config, app.auth);
  if (admin.kind === 'configured' && admin.outcome !== 'unchanged') {
    app.log.info(`admin ${admin.email} ${admin.outcome} from ADMIN_EMAIL/ADMIN_PASSWORD`);
  }

  if (config.seedDemo) {
    const seeded = await seedDemoCatalogue({
      db: app.database.db,
      catalog: app.catalog,
      uploads: app.uploads,
    });
    if (seeded > 0)
      app.log.info(
        `added the demo catalogue (${seeded} products); set SEED_DEMO=false to start empty`,
      );
  }
  return admin.kind === 'generated'
    ? adminCredentialsNotice(admin.email, admin.password, config.publicUrl)
    : undefined;
}

/**
 * SIGTERM and SIGINT finish in-flight requests, and write out the log, then exit; a hung one is
 * cut off.
 */
function exitOnSignals(app: FastifyInstance, logWritten: () => Promise<void> | undefined) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // Should a request hang, do not wait forever.
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      async () => {
        await logWritten();
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function start() {
  // Before anything is written: files and folders this process creates are its user's alone.
  process.umask(0o077);
  const config = loadConfigOrExit();
  makeDataPrivate(config.dataDir);
  if (config.payments.provider === 'test') {
    console.warn('Test checkout active: no real payments are taken');
  }
  if (!config.mail.smtpUrl) {
    console.warn(
      'SMTP_URL is not set: email (receipts, password resets) is written to the log, not sent',
    );
  }

  // On a terminal, one short line per request; JSON for anything that collects logs.
  const logFormat = resolveLogFormat(config.logFormat, Boolean(process.stdout.isTTY));
  // JSON goes out in batches off the event loop (a line per system call cost the access log most
  // of its price); everything later printed to stdout goes the same way, so the admin's password
  // (printed last) still comes after the lines above it. A terminal is written as console.log does.
  const output = logFormat === 'pretty' ? undefined : createLogWriter(STDOUT);
  const logStream = output ?? prettyLogStream(process.stdout);
  // Whatever ends the process, what the log holds is written first.
  if (output) process.on('exit', () => output.flushSync());
  const print = (text: string) => (output ? output.write(`${text}\n`) : console.log(text));
  const app = await buildApp(config, { logStream }).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });

  const prepareStore = () =>
    createJobLock(app.database).inTurn('storeSetup', () => setUpStore(app, config));
  const printCredentials = (notice: string | undefined) => {
    if (notice) print(notice);
  };
  // A PostgreSQL that was down at start: listen now (answering 503) and prepare once it is back.
  let credentials: string | undefined;
  if (app.isDatabaseReady()) credentials = await prepareStore();
  else {
    void app
      .whenDatabaseReady()
      .then(prepareStore)
      .then(printCredentials)
      .catch((error: unknown) => app.log.error({ err: error }, 'could not prepare the store'));
  }

  exitOnSignals(app, () => output?.drained());

  // `npm run backup` asks this process for the SQLite snapshot over a socket in the data
  // directory: the store holds the database's lock for its whole life (decision 003).
  if (app.database.sqlite) {
    const control = await openControlSocket({
      dataDir: config.dataDir,
      connection: app.database.sqlite,
      filesInBucket: loadStoreDataConfig().filesInBucket,
      log: app.log,
    });
    if (control) app.addHook('preClose', () => control.close());
  }

  await app.listen({ port: config.port, host: config.host });
  // Links in email use this address too (decision 010): without PUBLIC_URL it may be one only
  // this machine can open.
  app.log.info(
    `${config.storeName} is open at ${config.publicUrl}/store/products${config.isPublicUrlSet ? '' : '. Links in email point there too: set PUBLIC_URL to the address buyers use before sending real email'}`,
  );
  if (ALL_INTERFACES.has(config.host)) {
    app.log.info(
      `Listening on every network interface (HOST=${config.host}, port ${config.port}): anyone who can reach this machine can reach the store. Behind a reverse proxy on the same machine, set HOST=127.0.0.1.`,
    );
  }
  // Last, so the one-time password is not lost among the lines above.
  printCredentials(credentials);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
