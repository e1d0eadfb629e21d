import { AppError } from '../../errors.js';
import { HOUR, MINUTE, type AuthDeps } from './auth-common.js';

/** Failures one address may make on one account before each try must wait (1 s, 2 s, 4 s…). */
const FREE_FAILURES_PER_PAIR = 5;

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

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

export function createSignInThrottle({ repo, config, clock, security }: AuthDeps) {
  const windowMs = config.failureWindowMinutes * MINUTE;

  return {
    windowMs,

    /**
     * Sign-in throttling that never locks the owner out from a clean address:
     * - one address on one account: five failures free, then each try waits twice as long as the
     *   last (1 s, 2 s, 4 s… up to the window), whatever the password;
     * - one address across accounts (credential stuffing): `maxFailuresPerIp` per window;
     * - one account across addresses (a distributed guess): past `maxFailuresPerEmail` per window
     *   only addresses that already failed on it are held; an address with no failures still signs in.
     */
    async requireLoginAllowed(email: string, ip: string): Promise<void> {
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
    },

    /** Registrations one address may make per hour, successful or not (429 past it). */
    async requireRegistrationAllowed(ip: string): Promise<void> {
      const now = clock();
      const { count, oldest } = await repo.countFailures(`register:ip:${ip}`, now - HOUR);
      if (count >= config.maxRegistrationsPerIpPerHour && oldest !== null) {
        security.event('auth.registration_throttled', { ip });
        throw tooMany(oldest + HOUR - now);
      }
    },
  };
}
