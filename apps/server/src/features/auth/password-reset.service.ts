import { AccountMessages } from '@bindery/shared';
import { AppError } from '../../errors.js';
import { silentSecurityLog, type SecurityLog } from '../../security-log.js';
import type { AuthRepo } from './auth.repo.js';
import { HOUR, hashToken } from './auth-common.js';
import { hashPassword } from './password.js';
import { createPasswordChangedNotice, type AccountMailOptions } from './password-notice.js';
import { createAfterAnswer } from './after-answer.js';
import { sendResetLink } from './reset-link.js';

/** Reset requests one client address may make per hour (429 past it). */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 10;
/** Checks of links that do not work one client address may make per hour (429 past it). */
export const REFUSED_RESET_CHECKS_PER_ADDRESS_PER_HOUR = 20;
export { RESET_EMAIL_COOL_DOWN_MS, RESET_REQUESTS_PER_PAIR_PER_HOUR } from './reset-link.js';

export interface PasswordResetOptions extends AccountMailOptions {
  repo: AuthRepo;
  clock?: () => number;
  security?: SecurityLog;
  /** Where a failure of the work done after the answer is reported. */
  log: { error(fields: object, message: string): void };
}

/**
 * Account recovery by email (decision 016). A request answers the same, after the same
 * statements, whether or not the account exists: what depends on the account runs after the
 * answer. The link's token is random, kept only as its hash, works once and for 30 minutes, and
 * is queued for sending in the same transaction that stores it. Setting the new password ends
 * every session of the account and every other link, and tells the owner by email.
 */
export function createPasswordResetService(options: PasswordResetOptions) {
  const { repo, clock = Date.now, security = silentSecurityLog } = options;
  const notifyPasswordChanged = createPasswordChangedNotice(options);
  const afterAnswer = createAfterAnswer((error, job) =>
    options.log.error({ err: error, job }, 'password reset work after the answer failed'),
  );

  return {
    /**
     * Counts the request and answers; the link is sent after the answer if the account exists
     * (the caller answers 202 in every case). 429 when the client address asked too often.
     */
    async requestReset(email: string, ip: string): Promise<void> {
      const now = clock();
      const byAddress = await repo.countFailures(`reset:ip:${ip}`, now - HOUR);
      if (byAddress.count >= RESET_REQUESTS_PER_ADDRESS_PER_HOUR && byAddress.oldest !== null) {
        security.event('account.password_reset_throttled', { ip, reason: 'address' });
        throw tooMany('reset requests', byAddress.oldest + HOUR - now);
      }
      await repo.recordFailures([`reset:ip:${ip}`, `reset:pair:${email}|${ip}`], now);
      afterAnswer.run('send reset link', () =>
        sendResetLink({ ...options, clock, security }, email, ip),
      );
    },

    /**
     * Whether a link still works, when its page opens; it stays usable. 400 for a link that is
     * unknown, used or expired, counted per client address: 429 past the hourly limit.
     */
    async checkReset(token: string, ip: string): Promise<void> {
      const now = clock();
      const key = `reset:check:ip:${ip}`;
      const refused = await repo.countFailures(key, now - HOUR);
      if (refused.count >= REFUSED_RESET_CHECKS_PER_ADDRESS_PER_HOUR && refused.oldest !== null) {
        security.event('account.password_reset_throttled', { ip, reason: 'checks' });
        throw tooMany('reset link checks', refused.oldest + HOUR - now);
      }
      if (await repo.findUsablePasswordReset(hashToken(token), now)) return;
      await repo.recordFailures([key], now);
      security.event('account.password_reset_check_refused', { ip });
      throw AppError.badRequest(AccountMessages.resetLinkInvalid);
    },

    /** Sets the new password from a link; 400 for a link that is unknown, used or expired. */
    async confirmReset(token: string, password: string, ip: string): Promise<void> {
      const invalid = () => AppError.badRequest(AccountMessages.resetLinkInvalid);
      const tokenHash = hashToken(token);
      const reset = await repo.findUsablePasswordReset(tokenHash, clock());
      if (!reset) {
        security.event('account.password_reset_refused', { ip });
        throw invalid();
      }
      // Hashed before the transaction: it takes a moment, and SQLite has one writer.
      const passwordHash = await hashPassword(password);
      const ended = await repo.transaction(async (tx, trx) => {
        const changedAt = clock();
        if (!(await tx.usePasswordResets(reset.userId, changedAt, tokenHash))) return null;
        const user = await tx.findUserById(reset.userId);
        if (!user) return null;
        await tx.updateUser(reset.userId, { passwordHash });
        await notifyPasswordChanged(user, changedAt, trx);
        return tx.deleteSessionsOfUser(reset.userId);
      });
      if (ended === null) {
        security.event('account.password_reset_refused', { ip, reason: 'used meanwhile' });
        throw invalid();
      }
      security.event('account.password_changed', {
        userId: reset.userId,
        sessionsEnded: ended,
        reason: 'reset by email link',
      });
    },

    /** Resolves once the work queued after earlier answers is done (tests, and closing). */
    settled: () => afterAnswer.settled(),
  };
}

/** 429 with the wait until the oldest counted request leaves the hour. */
function tooMany(what: string, waitMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return AppError.tooManyRequests(
    `Too many ${what}. Please try again in ${minutes} minute${retryAfterSeconds > 60 ? 's' : ''}.`,
    retryAfterSeconds,
  );
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
