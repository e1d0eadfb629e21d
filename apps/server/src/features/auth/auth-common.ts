import { createHash } from 'node:crypto';
import type { User } from '@bindery/shared';
import type { Config } from '../../config.js';
import type { SecurityLog } from '../../security-log.js';
import type { AuthRepo, UserRow } from './auth.repo.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** What each part of the auth service works with. */
export interface AuthDeps {
  repo: AuthRepo;
  config: Config['auth'];
  clock: () => number;
  security: SecurityLog;
}

export function toUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
