import { randomUUID } from 'node:crypto';
import type { AuthDeps } from './auth-common.js';
import { hashPassword, verifyPassword } from './password.js';

/** Creates or updates an admin account (start-up variables and the create-admin command). */
export async function upsertAdmin(
  { repo, clock, security }: AuthDeps,
  account: { email: string; password: string; name?: string },
): Promise<'created' | 'updated' | 'unchanged'> {
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
}
