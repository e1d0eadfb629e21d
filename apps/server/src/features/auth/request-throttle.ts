import { AppError } from '../../errors.js';
import type { AuthDeps } from './auth-common.js';

/** "12 seconds", "2 minutes": how long a refused client waits. */
export function waitText(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    return `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Requests counted per key (a client address) in the database the sign-in throttle uses, so
 * the count holds across restarts and instances; other features limit their public routes
 * with it (license checks, decision 037).
 */
export function createRequestThrottle({ repo, clock }: Pick<AuthDeps, 'repo' | 'clock'>) {
  return {
    /**
     * Counts one request under `key`; 429 with Retry-After once `limit` were counted in the
     * last `windowMs`. A refused request is not counted, so a client that waits gets through.
     */
    async requireWithinRate(
      key: string,
      {
        limit,
        windowMs,
        message,
      }: { limit: number; windowMs: number; message: (wait: string) => string },
    ): Promise<void> {
      const now = clock();
      const { count, oldest } = await repo.countFailures(key, now - windowMs);
      if (count >= limit && oldest !== null) {
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
        throw AppError.tooManyRequests(message(waitText(retryAfterSeconds)), retryAfterSeconds);
      }
      await repo.recordFailures([key], now);
    },
  };
}
