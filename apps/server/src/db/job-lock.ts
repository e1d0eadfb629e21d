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
  /** Making the admin account and the demo catalogue of a new store, once. */
  storeSetup: 4,
  /** Queueing the emails about a product update, a batch at a time. */
  productUpdateMail: 5,
} as const;

export type ExclusiveJob = keyof typeof EXCLUSIVE_JOBS;

/**
 * The first key of PostgreSQL's two-key advisory locks ("bind"). The two-key form never meets
 * the one-key lock the migrations take.
 */
const LOCK_NAMESPACE = 0x62696e64;

/**
 * Background jobs that must run on one instance at a time, whatever the number of instances on
 * one PostgreSQL: a session advisory lock per job, held on its own connection for the job's
 * length (the job's queries use the pool as usual). Should an instance die mid-job, its
 * connection closes and PostgreSQL lets the lock go. A SQLite store is one process (its data
 * directory is locked), so there a job simply runs.
 */
export function createJobLock({ db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  async function holding<T>(
    job: ExclusiveJob,
    wait: boolean,
    run: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    if (dialect === 'sqlite') return { ran: true, value: await run() };
    const key = EXCLUSIVE_JOBS[job];
    return db.connection().execute(async (connection) => {
      if (wait) {
        await sql`select pg_advisory_lock(${LOCK_NAMESPACE}, ${key})`.execute(connection);
      } else {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_lock(${LOCK_NAMESPACE}, ${key}) as locked`.execute(connection);
        if (!rows[0]?.locked) return { ran: false };
      }
      try {
        return { ran: true, value: await run() };
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_NAMESPACE}, ${key})`.execute(connection);
      }
    });
  }

  return {
    /** Runs the job unless another instance is running it; true when it ran. */
    async ifFree(job: ExclusiveJob, run: () => Promise<void>): Promise<boolean> {
      return (await holding(job, false, run)).ran;
    },
    /** Runs the job once any other instance running it has finished. */
    async inTurn<T>(job: ExclusiveJob, run: () => Promise<T>): Promise<T> {
      const outcome = await holding(job, true, run);
      if (!outcome.ran) throw new Error('unreachable: a waiting lock always runs');
      return outcome.value;
    },
  };
}

export type JobLock = ReturnType<typeof createJobLock>;
