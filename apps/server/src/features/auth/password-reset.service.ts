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
        const retryAfterSeconds = Math.max(1, Math.ceil((byAddress.oldest + HOUR - now) / 1000));
        throw AppError.tooManyRequests(
          `Too many reset requests. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? 's' : ''}.`,
          retryAfterSeconds,
        );
      }
      await repo.recordFailures([`reset:ip:${ip}`, `reset:pair:${email}|${ip}`], now);
      afterAnswer.run('send reset link', () =>
        sendResetLink({ ...options, clock, security }, email, ip),
      );
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

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
