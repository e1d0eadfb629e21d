import { randomUUID } from 'node:crypto';
import { AuthMessages, type LoginBody, type User } from '@bindery/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { hashToken, toUser, type AuthDeps } from './auth-common.js';
import type { UserRow } from './auth.repo.js';
import type { AuthSessions } from './auth-sessions.js';
import { getDummyHash, hashPassword, verifyPassword } from './password.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'admin';
}

interface SignInDeps extends AuthDeps {
  throttle: SignInThrottle;
  sessions: Pick<AuthSessions, 'createSession'>;
}

/** A buyer's front door: signing in and registering. */
export function createSignIn({ repo, clock, security, throttle, sessions }: SignInDeps) {
  return {
    /** Checks the credentials and opens a new session; returns the user and the cookie token. */
    async login(
      body: LoginBody,
      ip: string,
      previousToken?: string,
    ): Promise<{ user: User; token: string }> {
      await throttle.requireLoginAllowed(body.email, ip);
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
      return { user: toUser(row), token: await sessions.createSession(row.id) };
    },

    /** Registers a buyer account; admins are never created through this door. */
    async register(account: NewAccount, ip: string): Promise<User> {
      if (account.role !== 'user') throw AppError.forbidden(AuthMessages.adminRegistrationRefused);
      await throttle.requireRegistrationAllowed(ip);
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
  };
}
