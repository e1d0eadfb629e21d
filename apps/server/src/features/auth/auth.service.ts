import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AccountMessages, AuthMessages, type LoginBody, type User } from '@bindery/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Authentication, SessionUser } from '../../plugins/session.js';
import { silentSecurityLog, type SecurityLog } from '../../security-log.js';
import { type AuthRepo, type UserRow } from './auth.repo.js';
import type { PasswordChangedNotice } from './password-notice.js';
import { getDummyHash, hashPassword, verifyPassword } from './password.js';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'admin';
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Writing last_seen on every request would turn every read into a write. */
const TOUCH_INTERVAL = 10 * MINUTE;
/** Failures one address may make on one account before each try must wait (1 s, 2 s, 4 s…). */
const FREE_FAILURES_PER_PAIR = 5;
const HOUR = 60 * MINUTE;

export function toUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A unique-constraint violation from either database. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

const tooMany = (retryAfterMs: number) => {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return AppError.tooManyRequests(
    `Too many failed attempts. Please try again in ${wait}.`,
    retryAfterSeconds,
  );
};

export function createAuthService(
  repo: AuthRepo,
  config: Config['auth'],
  clock: () => number = Date.now,
  security: SecurityLog = silentSecurityLog,
  /** Without it (the create-admin command) a change sends no email. */
  notifyPasswordChanged?: PasswordChangedNotice,
) {
  const windowMs = config.failureWindowMinutes * MINUTE;

  /**
   * Sign-in throttling that never locks the owner out from a clean address:
   * - one address on one account: five failures free, then each try waits twice as long as the
   *   last (1 s, 2 s, 4 s… up to the window), whatever the password;
   * - one address across accounts (credential stuffing): `maxFailuresPerIp` per window;
   * - one account across addresses (a distributed guess): past `maxFailuresPerEmail` per window
   *   only addresses that already failed on it are held; an address with no failures still signs in.
   */
  async function requireLoginAllowed(email: string, ip: string): Promise<void> {
    const now = clock();
    const since = now - windowMs;
    const [byIp, byPair, byAccount] = await Promise.all([
      repo.countFailures(`login:ip:${ip}`, since),
      repo.countFailures(`login:pair:${email}|${ip}`, since),
      repo.countFailures(`login:email:${email}`, since),
    ]);
    const refuse = (reason: string, retryAfterMs: number) => {
      security.event('auth.throttled', { email, ip, reason, retryAfterMs });
      return tooMany(retryAfterMs);
    };
    if (byIp.count >= config.maxFailuresPerIp && byIp.oldest !== null) {
      throw refuse('address', byIp.oldest + windowMs - now);
    }
    if (byPair.count >= FREE_FAILURES_PER_PAIR && byPair.newest !== null) {
      const delay = Math.min(2 ** (byPair.count - FREE_FAILURES_PER_PAIR) * 1000, windowMs);
      if (now - byPair.newest < delay)
        throw refuse('account and address', byPair.newest + delay - now);
    }
    if (byAccount.count >= config.maxFailuresPerEmail && byPair.oldest !== null) {
      throw refuse('account', byPair.oldest + windowMs - now);
    }
  }

  /** Registrations one address may make per hour, successful or not (429 past it). */
  async function requireRegistrationAllowed(ip: string): Promise<void> {
    const now = clock();
    const { count, oldest } = await repo.countFailures(`register:ip:${ip}`, now - HOUR);
    if (count >= config.maxRegistrationsPerIpPerHour && oldest !== null) {
      security.event('auth.registration_throttled', { ip });
      throw tooMany(oldest + HOUR - now);
    }
  }

  async function createSession(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock();
    await repo.insertSession({
      tokenHash: hashToken(token),
      userId,
      now,
      expiresAt: now + config.sessionDays * DAY,
    });
    return token;
  }

  return {
    sessionMaxAgeSeconds: config.sessionDays * 24 * 60 * 60,

    /** Checks the credentials and opens a new session; returns the user and the cookie token. */
    async login(
      body: LoginBody,
      ip: string,
      previousToken?: string,
    ): Promise<{ user: User; token: string }> {
      await requireLoginAllowed(body.email, ip);
      const pairKey = `login:pair:${body.email}|${ip}`;
      const row = await repo.findUserByEmail(body.email);
      const isValid = await verifyPassword(
        row?.passwordHash ?? (await getDummyHash()),
        body.password,
      );
      if (!row || !isValid) {
        await repo.recordFailures(
          [`login:email:${body.email}`, `login:ip:${ip}`, pairKey],
          clock(),
        );
        security.event('auth.failed', { email: body.email, ip, knownAccount: row !== undefined });
        throw AppError.unauthorized(AuthMessages.invalidCredentials);
      }
      await repo.clearFailures(pairKey);
      // A new token at every sign-in: a session id planted before login is worthless after it.
      if (previousToken) await repo.deleteSession(hashToken(previousToken));
      return { user: toUser(row), token: await createSession(row.id) };
    },

    /** Registers a buyer account; admins are never created through this door. */
    async register(account: NewAccount, ip: string): Promise<User> {
      if (account.role !== 'user') throw AppError.forbidden(AuthMessages.adminRegistrationRefused);
      await requireRegistrationAllowed(ip);
      // Every attempt counts against the address, so probing which emails have accounts (409)
      // is as slow as creating accounts.
      await repo.recordFailures([`register:ip:${ip}`], clock());
      const conflict = () => AppError.conflict(AuthMessages.emailTaken);
      if (await repo.findUserByEmail(account.email)) throw conflict();
      const row: UserRow = {
        id: randomUUID(),
        name: account.name,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role: 'user',
        createdAt: clock(),
      };
      try {
        await repo.insertUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict();
        throw error;
      }
      return toUser(row);
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

    /** Creates or updates an admin account (start-up variables and the create-admin command). */
    async upsertAdmin(account: {
      email: string;
      password: string;
      name?: string;
    }): Promise<'created' | 'updated' | 'unchanged'> {
      const existing = await repo.findUserByEmail(account.email);
      if (!existing) {
        await repo.insertUser({
          id: randomUUID(),
          name: account.name ?? 'Admin',
          email: account.email,
          passwordHash: await hashPassword(account.password),
          role: 'admin',
          createdAt: clock(),
        });
        return 'created';
      }
      const samePassword = await verifyPassword(existing.passwordHash, account.password);
      const sameName = account.name === undefined || account.name === existing.name;
      const sameRole = existing.role === 'admin';
      if (sameRole && samePassword && sameName) return 'unchanged';
      await repo.updateUser(existing.id, {
        role: 'admin',
        ...(samePassword ? {} : { passwordHash: await hashPassword(account.password) }),
        ...(sameName ? {} : { name: account.name }),
      });
      // A cookie issued to a buyer must not become an admin's, nor survive a password rotation.
      if (!sameRole || !samePassword) {
        const ended = await repo.deleteSessionsOfUser(existing.id);
        if (!sameRole) {
          security.event('account.role_changed', {
            userId: existing.id,
            email: existing.email,
            from: existing.role,
            to: 'admin',
            sessionsEnded: ended,
          });
        }
        if (!samePassword) {
          security.event('account.password_changed', {
            userId: existing.id,
            email: existing.email,
            sessionsEnded: ended,
          });
        }
      }
      return 'updated';
    },

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
      await requireLoginAllowed(user.email, ip);
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

    hasAdmin: () => repo.hasAdmin(),

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
      return repo.purgeExpired(now, now - Math.max(windowMs, HOUR));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
