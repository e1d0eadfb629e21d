import { randomBytes } from 'node:crypto';
import { AccountMessages, PASSWORD_RESET_MINUTES } from '@bindery/shared';
import { AppError } from '../../errors.js';
import { silentSecurityLog, type SecurityLog } from '../../security-log.js';
import type { MailService } from '../mail/mail.service.js';
import { passwordResetMail } from '../mail/templates.js';
import type { AuthRepo } from './auth.repo.js';
import { hashToken } from './auth.service.js';
import { hashPassword } from './password.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Reset requests one client address may make per hour (429 past it). */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 10;
/** Reset emails one email address receives per hour; further requests answer alike, send nothing. */
export const RESET_EMAILS_PER_ACCOUNT_PER_HOUR = 3;

export interface PasswordResetOptions {
  repo: AuthRepo;
  mail: Pick<MailService, 'enqueue'>;
  storeName: string;
  clock?: () => number;
  security?: SecurityLog;
}

/**
 * Account recovery by email (decision 016). A request answers the same whether or not the
 * account exists; the link's token is random, kept only as its hash, works once and for 30
 * minutes, and is queued for sending in the same transaction that stores it. Setting the new
 * password ends every session of the account and every other link.
 */
export function createPasswordResetService({
  repo,
  mail,
  storeName,
  clock = Date.now,
  security = silentSecurityLog,
}: PasswordResetOptions) {
  return {
    /** Sends a reset link if the account exists; the caller answers 202 in every case. */
    async requestReset(email: string, ip: string, storeUrl: string): Promise<void> {
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
      // Both counted for every request, known account or not: the work and the answer match.
      const byAccount = await repo.countFailures(`reset:email:${email}`, now - HOUR);
      await repo.recordFailures([`reset:ip:${ip}`, `reset:email:${email}`], now);
      const token = randomBytes(32).toString('base64url');
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      if (byAccount.count >= RESET_EMAILS_PER_ACCOUNT_PER_HOUR) {
        security.event('account.password_reset_throttled', { ip, email, reason: 'account' });
        return;
      }
      const expiresAt = now + PASSWORD_RESET_MINUTES * MINUTE;
      await repo.transaction(async (tx, trx) => {
        // A new link replaces the ones before it.
        await tx.usePasswordResets(user.id, now);
        await tx.insertPasswordReset({
          tokenHash: hashToken(token),
          userId: user.id,
          createdAt: now,
          expiresAt,
        });
        await mail.enqueue(
          passwordResetMail({
            storeName,
            to: user.email,
            name: user.name,
            link: `${storeUrl}/store/reset-password?token=${token}`,
            validMinutes: PASSWORD_RESET_MINUTES,
            expiresAt,
          }),
          trx,
        );
      });
      security.event('account.password_reset_requested', { userId: user.id, email, ip });
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
      const ended = await repo.transaction(async (tx) => {
        if (!(await tx.usePasswordResets(reset.userId, clock(), tokenHash))) return null;
        await tx.updateUser(reset.userId, { passwordHash });
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
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
