import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { AuthService } from './auth.service.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@bindery.local';

export type AdminBootstrapResult =
  | { kind: 'configured'; email: string; outcome: 'created' | 'updated' | 'unchanged' }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'none' };

/**
 * At start: ADMIN_EMAIL/ADMIN_PASSWORD create or update that admin. With neither, a store that
 * has no admin at all gets one with a random password, which the caller prints once.
 */
export async function ensureAdmin(
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  auth: AuthService,
): Promise<AdminBootstrapResult> {
  if (config.adminEmail && config.adminPassword) {
    const outcome = await auth.upsertAdmin({
      email: config.adminEmail,
      password: config.adminPassword,
    });
    return { kind: 'configured', email: config.adminEmail, outcome };
  }
  if (await auth.hasAdmin()) return { kind: 'none' };
  const password = randomBytes(12).toString('base64url');
  await auth.upsertAdmin({ email: DEFAULT_ADMIN_EMAIL, password, name: 'Admin' });
  return { kind: 'generated', email: DEFAULT_ADMIN_EMAIL, password };
}
