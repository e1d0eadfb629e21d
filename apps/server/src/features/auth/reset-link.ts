import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MINUTES } from '@bindery/shared';
import type { SecurityLog } from '../../security-log.js';
import { passwordResetMail } from '../mail/index.js';
import { HOUR, MINUTE, hashToken } from './auth-common.js';
import type { AuthRepo } from './auth.repo.js';
import type { AccountMailOptions } from './password-notice.js';

/** Requests one client address may make for one email per hour that can still send. */
export const RESET_REQUESTS_PER_PAIR_PER_HOUR = 3;
/**
 * After a reset email is sent, no other goes to that address for this long, whoever asks: at
 * most 12 an hour reach one inbox, and its owner is never kept waiting longer than this.
 */
export const RESET_EMAIL_COOL_DOWN_MS = 5 * MINUTE;

export interface ResetLinkDeps extends Pick<AccountMailOptions, 'mail' | 'storeName' | 'storeUrl'> {
  repo: AuthRepo;
  clock: () => number;
  security: SecurityLog;
}

/** The email itself, if the account exists and neither limit holds it back. */
export async function sendResetLink(
  { repo, clock, security, mail, storeName, storeUrl }: ResetLinkDeps,
  email: string,
  ip: string,
): Promise<void> {
  const now = clock();
  const byPair = await repo.countFailures(`reset:pair:${email}|${ip}`, now - HOUR);
  if (byPair.count > RESET_REQUESTS_PER_PAIR_PER_HOUR) {
    security.event('account.password_reset_throttled', { ip, email, reason: 'address' });
    return;
  }
  // Counted for unknown emails too: the work after the answer loads the machine alike, so a
  // request that follows cannot tell either.
  const recent = await repo.countFailures(`reset:sent:${email}`, now - RESET_EMAIL_COOL_DOWN_MS);
  const user = await repo.findUserByEmail(email);
  if (!user) return;
  if (recent.count > 0) {
    security.event('account.password_reset_throttled', { ip, email, reason: 'cool-down' });
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + PASSWORD_RESET_MINUTES * MINUTE;
  const sent = await repo.transaction(async (tx, trx) => {
    // Checked again holding the account: another instance may have sent one meanwhile.
    await tx.lockUser(user.id);
    const sentMeanwhile = await tx.countFailures(
      `reset:sent:${email}`,
      now - RESET_EMAIL_COOL_DOWN_MS,
    );
    if (sentMeanwhile.count > 0) return false;
    // A new link replaces the ones before it.
    await tx.usePasswordResets(user.id, now);
    await tx.insertPasswordReset({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt,
    });
    await tx.recordFailures([`reset:sent:${email}`], now);
    await mail.enqueue(
      passwordResetMail({
        storeName: storeName(),
        to: user.email,
        name: user.name,
        link: `${storeUrl}/store/reset-password?token=${token}`,
        validMinutes: PASSWORD_RESET_MINUTES,
        expiresAt,
      }),
      trx,
    );
    return true;
  });
  if (!sent) {
    security.event('account.password_reset_throttled', { ip, email, reason: 'cool-down' });
    return;
  }
  security.event('account.password_reset_requested', { userId: user.id, email, ip });
}
