import { AccountMessages, AuthMessages, type User } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { SessionUser } from '../../plugins/session.js';
import { toUser, type AuthDeps } from './auth-common.js';
import type { PasswordChangedNotice } from './password-notice.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SignInThrottle } from './sign-in-throttle.js';

interface AccountSettingsDeps extends AuthDeps {
  throttle: SignInThrottle;
  /** Without it (the create-admin command) a change sends no email. */
  notifyPasswordChanged?: PasswordChangedNotice;
}

/** The account page: the signed-in user's name and password. */
export function createAccountSettings({
  repo,
  clock,
  security,
  throttle,
  notifyPasswordChanged,
}: AccountSettingsDeps) {
  return {
    /** The account page's name change. */
    async updateName(userId: string, name: string): Promise<User> {
      await repo.updateUser(userId, { name });
      const row = await repo.findUserById(userId);
      if (!row) throw AppError.unauthorized(AuthMessages.notSignedIn);
      return toUser(row);
    },

    /**
     * Changes the password of the signed-in account. The current password is checked like a
     * sign-in (a wrong one counts against the same throttle, so this is no side door for
     * guessing it); every other session of the account ends, this one stays.
     */
    async changePassword(
      user: SessionUser,
      body: { currentPassword: string; newPassword: string },
      ip: string,
    ): Promise<void> {
      await throttle.requireLoginAllowed(user.email, ip);
      const row = await repo.findUserById(user._id);
      if (!row) throw AppError.unauthorized(AuthMessages.notSignedIn);
      if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
        await repo.recordFailures(
          [`login:email:${row.email}`, `login:ip:${ip}`, `login:pair:${row.email}|${ip}`],
          clock(),
        );
        security.event('auth.failed', {
          email: row.email,
          ip,
          knownAccount: true,
          reason: 'change-password',
        });
        throw AppError.badRequest(AccountMessages.currentPasswordIncorrect, {
          currentPassword: [AccountMessages.currentPasswordIncorrect],
        });
      }
      // Hashed before the transaction: it takes a moment, and SQLite has one writer.
      const passwordHash = await hashPassword(body.newPassword);
      const ended = await repo.transaction(async (tx, trx) => {
        const changedAt = clock();
        await tx.updateUser(row.id, { passwordHash });
        await tx.usePasswordResets(row.id, changedAt);
        await notifyPasswordChanged?.(row, changedAt, trx);
        return tx.deleteOtherSessionsOfUser(row.id, user.tokenHash);
      });
      security.event('account.password_changed', {
        userId: row.id,
        email: row.email,
        sessionsEnded: ended,
        reason: 'changed by the account',
      });
    },
  };
}
