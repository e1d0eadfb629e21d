import type { Role } from '@bindery/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import type { UsersTable } from '../../db/types.js';
import { containsText } from '../../lib/contains-pattern.js';

export type UserRow = UsersTable;

/** Every query of the auth feature, plus `transaction()` to run several as one. */
export function createAuthRepo(db: Db) {
  return {
    ...authQueries(db),
    /**
     * Runs `work` in one transaction: `tx` holds the same queries bound to it, and `trx` is the
     * transaction itself, for another feature's service to join (the reset link's email).
     */
    transaction<T>(work: (tx: AuthQueries, trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(authQueries(trx), trx));
    },
  };
}

/** The queries of the auth feature; `db` may be a transaction. */
function authQueries(db: Db) {
  return {
    ...userQueries(db),
    ...sessionQueries(db),
    ...failureQueries(db),
    ...passwordResetQueries(db),

    async purgeExpired(now: number, failuresBefore: number) {
      await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
      await db.deleteFrom('authFailures').where('createdAt', '<=', failuresBefore).execute();
      await db.deleteFrom('passwordResets').where('expiresAt', '<=', now).execute();
    },
  };
}

/** Accounts. */
function userQueries(db: Db) {
  return {
    /**
     * Holds the account's row until the transaction ends, so two instances (PostgreSQL) check
     * and record one after the other what they send it; SQLite runs one transaction at a time.
     */
    async lockUser(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', id)
        .execute();
    },

    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findUsers(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', 'in', ids)
        .execute();
    },

    /** Accounts whose email contains `fragment` (emails are stored lower-cased). */
    async findUserIdsByEmail(fragment: string): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where(containsText(sql`email`, fragment.toLowerCase()))
        .execute();
      return rows.map((row) => row.id);
    },

    async insertUser(user: UserRow): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },

    async updateUser(id: string, changes: { passwordHash?: string; role?: Role; name?: string }) {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    async hasAdmin(): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Cookie sessions. */
function sessionQueries(db: Db) {
  return {
    async insertSession(session: {
      tokenHash: string;
      userId: string;
      now: number;
      expiresAt: number;
    }) {
      await db
        .insertInto('sessions')
        .values({
          tokenHash: session.tokenHash,
          userId: session.userId,
          createdAt: session.now,
          lastSeenAt: session.now,
          expiresAt: session.expiresAt,
        })
        .execute();
    },

    findSessionUser(tokenHash: string, now: number) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select(['users.id', 'users.name', 'users.email', 'users.role', 'sessions.lastSeenAt'])
        .where('sessions.tokenHash', '=', tokenHash)
        .where('sessions.expiresAt', '>', now)
        .executeTakeFirst();
    },

    async touchSession(tokenHash: string, now: number) {
      await db
        .updateTable('sessions')
        .set({ lastSeenAt: now })
        .where('tokenHash', '=', tokenHash)
        .execute();
    },

    async deleteSession(tokenHash: string) {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },

    /** Ends every session of an account (its role or password changed). */
    async deleteSessionsOfUser(userId: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Ends every session of an account but one (the password was changed from it). */
    async deleteOtherSessionsOfUser(userId: string, keepTokenHash: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('userId', '=', userId)
        .where('tokenHash', '!=', keepTokenHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** Counted attempts (failed sign-ins, registrations, reset requests), by key. */
function failureQueries(db: Db) {
  return {
    async countFailures(
      key: string,
      since: number,
    ): Promise<{ count: number; oldest: number | null; newest: number | null }> {
      const row = await db
        .selectFrom('authFailures')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.min('createdAt').as('oldest'),
          eb.fn.max('createdAt').as('newest'),
        ])
        .where('key', '=', key)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.count),
        oldest: row.oldest === null ? null : Number(row.oldest),
        newest: row.newest === null ? null : Number(row.newest),
      };
    },

    async recordFailures(keys: string[], now: number) {
      await db
        .insertInto('authFailures')
        .values(keys.map((key) => ({ key, createdAt: now })))
        .execute();
    },

    async clearFailures(key: string) {
      await db.deleteFrom('authFailures').where('key', '=', key).execute();
    },
  };
}

/** Password reset links. */
function passwordResetQueries(db: Db) {
  return {
    async insertPasswordReset(reset: {
      tokenHash: string;
      userId: string;
      createdAt: number;
      expiresAt: number;
    }) {
      await db
        .insertInto('passwordResets')
        .values({ ...reset, usedAt: null })
        .execute();
    },

    /** The account a reset token belongs to, while the token is unused and unexpired. */
    findUsablePasswordReset(tokenHash: string, now: number) {
      return db
        .selectFrom('passwordResets')
        .select(['tokenHash', 'userId'])
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
    },

    /**
     * Uses up every open reset link of an account. With `tokenHash`, that one link must still
     * be open for anything to change (false otherwise): of two requests racing with one link,
     * one wins.
     */
    async usePasswordResets(userId: string, now: number, tokenHash?: string): Promise<boolean> {
      if (tokenHash) {
        const used = await db
          .updateTable('passwordResets')
          .set({ usedAt: now })
          .where('tokenHash', '=', tokenHash)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', now)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
      }
      await db
        .updateTable('passwordResets')
        .set({ usedAt: now })
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .execute();
      return true;
    },
  };
}

export type AuthQueries = ReturnType<typeof authQueries>;
export type AuthRepo = ReturnType<typeof createAuthRepo>;
