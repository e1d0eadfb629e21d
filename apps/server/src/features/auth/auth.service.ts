import type { Config } from '../../config.js';
import { silentSecurityLog, type SecurityLog } from '../../security-log.js';
import { createAccountSettings } from './account-settings.js';
import { upsertAdmin } from './admin-accounts.js';
import { HOUR, type AuthDeps } from './auth-common.js';
import type { AuthRepo } from './auth.repo.js';
import { createAuthSessions } from './auth-sessions.js';
import type { PasswordChangedNotice } from './password-notice.js';
import { createSignIn } from './sign-in.js';
import { createSignInThrottle } from './sign-in-throttle.js';
import { createRequestThrottle } from './request-throttle.js';

export { hashToken, toUser } from './auth-common.js';
export type { NewAccount } from './sign-in.js';

/**
 * The auth feature as one object for its callers, composed of its parts by job: signing in and
 * registering, cookie sessions, the account page, and admin accounts.
 */
export function createAuthService(
  repo: AuthRepo,
  config: Config['auth'],
  clock: () => number = Date.now,
  security: SecurityLog = silentSecurityLog,
  /** Without it (the create-admin command) a change sends no email. */
  notifyPasswordChanged?: PasswordChangedNotice,
) {
  const deps: AuthDeps = { repo, config, clock, security };
  const throttle = createSignInThrottle(deps);
  const { sessionMaxAgeSeconds, authenticate, logout, ...sessions } = createAuthSessions(deps);
  return {
    sessionMaxAgeSeconds,
    ...createSignIn({ ...deps, throttle, sessions }),
    authenticate,
    logout,
    upsertAdmin: (account: { email: string; password: string; name?: string }) =>
      upsertAdmin(deps, account),
    ...createAccountSettings({ ...deps, throttle, notifyPasswordChanged }),

    hasAdmin: () => repo.hasAdmin(),
    ...createRequestThrottle(deps),

    /** The accounts whose email contains `fragment`, any case (the admin's order search). */
    findUserIdsByEmail: (fragment: string) => repo.findUserIdsByEmail(fragment),

    /** Name and email of the accounts that exist, by id (for the admin's order list). */
    async getUserSummaries(
      ids: string[],
    ): Promise<Map<string, { _id: string; name: string; email: string }>> {
      const rows = await repo.findUsers([...new Set(ids)]);
      return new Map(
        rows.map((row) => [row.id, { _id: row.id, name: row.name, email: row.email }]),
      );
    },

    purgeExpired: () => {
      const now = clock();
      return repo.purgeExpired(now, now - Math.max(throttle.windowMs, HOUR));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
