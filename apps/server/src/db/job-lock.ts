import { sql } from 'kysely';
import type { DatabaseHandle } from './client.js';

/** The background jobs that must not run on two instances at once. */
export const EXCLUSIVE_JOBS = {
  /** Settling checkouts that ended without news from the payment provider. */
  reconcile: 1,
  /** Removing uploads no product took, and old temporary objects. */
  uploadSweep: 2,
  /** Removing expired sessions and throttling records. */
  sessionPurge: 3,
} as const;

export type ExclusiveJob = keyof typeof EXCLUSIVE_JOBS;

/**
 * The first key of PostgreSQL's two-key advisory locks ("bind"). The two-key form never meets
 * the one-key lock the migrations take.
 */
const LOCK_NAMESPACE = 0x62696e64;

/**
 * Runs a job only when no other instance on the same database is running it: on PostgreSQL a
 * session advisory lock, tried without waiting and held on its own connection for the job's
 * length (the job's queries use the pool as usual). Should the instance die mid-job, the
 * connection closes and PostgreSQL lets the lock go. A SQLite store is one process (its data
 * directory is locked), so there the job simply runs.
 *
 * Resolves true when the job ran, false when another instance held it.
 */
export function createJobLock({ db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  return async function runExclusive(job: ExclusiveJob, run: () => Promise<void>) {
    if (dialect === 'sqlite') {
      await run();
      return true;
    }
    const key = EXCLUSIVE_JOBS[job];
    return db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${LOCK_NAMESPACE}, ${key}) as locked`.execute(connection);
      if (!rows[0]?.locked) return false;
      try {
        await run();
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_NAMESPACE}, ${key})`.execute(connection);
      }
      return true;
    });
  };
}

export type RunExclusive = ReturnType<typeof createJobLock>;
