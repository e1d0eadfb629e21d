import type { FastifyBaseLogger } from 'fastify';

/**
 * Events an operator watches for, written as one JSON log line each with a stable `event`
 * name (grep or alert on it): sign-in failures and throttling, role and password changes,
 * refused cross-site writes.
 */
export type SecurityEvent =
  | 'auth.failed'
  | 'auth.throttled'
  | 'auth.registration_throttled'
  | 'account.role_changed'
  | 'account.password_changed'
  | 'account.password_reset_requested'
  | 'account.password_reset_throttled'
  | 'account.password_reset_refused'
  | 'account.password_reset_check_refused'
  | 'request.cross_site_refused';

export interface SecurityLog {
  event(event: SecurityEvent, details: Record<string, unknown>): void;
}

export function createSecurityLog(log: Pick<FastifyBaseLogger, 'warn'>): SecurityLog {
  return {
    event: (event, details) => log.warn({ event, ...details }, `security: ${event}`),
  };
}

/** For code that runs without a logger (a test building a service alone). */
export const silentSecurityLog: SecurityLog = { event: () => {} };
