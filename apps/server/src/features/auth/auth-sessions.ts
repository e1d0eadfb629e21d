import { randomBytes } from 'node:crypto';
import type { Authentication } from '../../plugins/session.js';
import { DAY, MINUTE, hashToken, toUser, type AuthDeps } from './auth-common.js';

/** Writing last_seen on every request would turn every read into a write. */
const TOUCH_INTERVAL = 10 * MINUTE;

export type AuthSessions = ReturnType<typeof createAuthSessions>;

/** Cookie sessions: opening one, resolving a cookie to its user, ending one. */
export function createAuthSessions({ repo, config, clock }: AuthDeps) {
  return {
    sessionMaxAgeSeconds: config.sessionDays * 24 * 60 * 60,

    async createSession(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await repo.insertSession({
        tokenHash: hashToken(token),
        userId,
        now,
        expiresAt: now + config.sessionDays * DAY,
      });
      return token;
    },

    /**
     * Resolves a cookie token to its user. A session unused for longer than its role's idle
     * timeout (12 hours for admins, 7 days for buyers by default) is ended here.
     */
    async authenticate(token: string): Promise<Authentication> {
      const tokenHash = hashToken(token);
      const now = clock();
      const row = await repo.findSessionUser(tokenHash, now);
      if (!row) return { kind: 'none' };
      const idleMs =
        (row.role === 'admin' ? config.idleMinutes.admin : config.idleMinutes.user) * MINUTE;
      if (now - row.lastSeenAt > idleMs) {
        await repo.deleteSession(tokenHash);
        return { kind: 'idle' };
      }
      if (now - row.lastSeenAt > TOUCH_INTERVAL) await repo.touchSession(tokenHash, now);
      return { kind: 'user', user: { ...toUser(row), tokenHash } };
    },

    async logout(token: string | undefined) {
      if (token) await repo.deleteSession(hashToken(token));
    },
  };
}
