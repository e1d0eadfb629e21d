import {
  authRoutes,
  createAuthService,
  createPasswordChangedNotice,
  createPasswordResetService,
} from '../features/auth/index.js';
import {
  createLogTransport,
  createMailService,
  createSmtpTransport,
  mailRoutes,
} from '../features/mail/index.js';
import { createSessionCookie, registerSessions } from '../plugins/session.js';
import { createSecurityLog } from '../security-log.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createAuthRepo } from '../features/auth/auth.repo.js';
import { createMailRepo } from '../features/mail/mail.repo.js';
import type { SettingsService } from '../features/settings/index.js';
import type { AppContext } from './app-context.js';

/** Email, accounts, sessions and password resets. */
export async function wireAccounts(
  { app, config, options, database, readiness }: AppContext,
  settings: SettingsService,
) {
  // Email goes through the outbox; the worker sends it (SMTP_URL), or writes it to the log.
  const mail = createMailService({
    repo: createMailRepo(database.db, database.dialect),
    transport: config.mail.smtpUrl
      ? createSmtpTransport(config.mail.smtpUrl, new URL(config.publicUrl).hostname)
      : createLogTransport(app.log),
    from: config.mail.from,
    clock: options.clock,
    isDatabaseReady: () => readiness.isReady(),
    log: app.log,
  });
  app.decorate('mail', mail);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());
  await app.register(mailRoutes, { mail });

  // Links in email are never built on a request's Host, which the requester chooses: they use
  // PUBLIC_URL, or without it the address announced at start-up (decision 010).
  const accountMail = {
    mail,
    storeName: () => settings.now().storeName,
    storeUrl: config.publicUrl,
    timeZone: config.timeZone,
  };
  const auth = createAuthService(
    createAuthRepo(database.db),
    config.auth,
    options.clock,
    createSecurityLog(app.log),
    createPasswordChangedNotice(accountMail),
  );
  const sessionCookie = createSessionCookie(config);
  registerSessions(app, auth, sessionCookie);
  app.decorate('auth', auth);

  const passwordReset = createPasswordResetService({
    ...accountMail,
    repo: createAuthRepo(database.db),
    clock: options.clock,
    security: createSecurityLog(app.log),
    log: app.log,
  });
  app.decorate('passwordReset', passwordReset);
  app.addHook('preClose', () => passwordReset.settled());
  await app.register(authRoutes, { auth, passwordReset, cookie: sessionCookie });
  return { mail, auth };
}
