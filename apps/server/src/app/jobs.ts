import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage.js';
import type { DatabaseHandle } from '../db/client.js';
import { createJobLock, type ExclusiveJob } from '../db/job-lock.js';
import type { AuthService } from '../features/auth/index.js';
import type { CheckoutService } from '../features/checkout/index.js';
import type { UploadsService } from '../features/uploads/index.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const JOB_NAMES: Record<ExclusiveJob, string> = {
  reconcile: 'checkout reconciliation',
  uploadSweep: 'upload sweep',
  sessionPurge: 'session purge',
  storeSetup: 'store set-up',
  productUpdateMail: 'product update emails',
};

export type RunJob = (job: ExclusiveJob, run: () => Promise<void>) => Promise<void>;

/**
 * Runs a background job on one instance at a time (db/job-lock.ts). A failure is logged, never
 * thrown: the job runs again at its next turn. A store whose database is not reachable yet
 * skips its turn.
 */
export function exclusiveJobRunner(app: FastifyInstance, database: DatabaseHandle): RunJob {
  const lock = createJobLock(database);
  return async (job, run) => {
    try {
      const ran = await lock.ifFree(job, run);
      if (!ran) app.log.debug(`${JOB_NAMES[job]} skipped: another instance is running it`);
    } catch (error) {
      app.log.warn({ err: error }, `${JOB_NAMES[job]} failed`);
    }
  };
}

/** One run at a time in this process: a call while a run is going shares it. */
function oneAtATime(work: () => Promise<void>) {
  let running: Promise<void> | undefined;
  return {
    run: () =>
      (running ??= work().finally(() => {
        running = undefined;
      })),
    /** The run going on now, for close to wait for. */
    current: () => running,
  };
}

/**
 * Uploads no product took within a day go at start-up and then hourly, and with them a shared
 * bucket's temporary objects over an hour old (other instances may be receiving the newer).
 */
export function scheduleUploadSweep(
  app: FastifyInstance,
  runJob: RunJob,
  { uploads, storage }: { uploads: UploadsService; storage: Storage },
) {
  const sweep = oneAtATime(() =>
    runJob('uploadSweep', async () => {
      await uploads.sweepOrphans(DAY);
      if (storage.sharing === 'shared') await storage.sweepTemp(HOUR);
    }),
  );
  // A bucket's answer may take seconds: the start waits for the local disk's sweep only.
  app.addHook('onReady', async () => {
    const sweeping = sweep.run();
    if (storage.sharing === 'local') await sweeping;
  });
  const timer = setInterval(sweep.run, HOUR);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweep.current();
  });
}

/**
 * Checkouts that ended without news from the provider are settled at start-up (after a crash)
 * and every minute: the provider is asked, paid ones are fulfilled, expired ones (test checkout
 * sessions past their 30 minutes included) canceled.
 */
export function scheduleReconciliation(
  app: FastifyInstance,
  runJob: RunJob,
  checkout: CheckoutService,
) {
  const reconcile = oneAtATime(() =>
    runJob('reconcile', () => checkout.reconcilePendingOrders().then(() => undefined)),
  );
  app.addHook('onReady', async () => void reconcile.run());
  const timer = setInterval(reconcile.run, MINUTE);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await reconcile.current();
  });
}

/** Expired sessions are deleted hourly. */
export function scheduleSessionPurge(app: FastifyInstance, runJob: RunJob, auth: AuthService) {
  const purge = setInterval(() => void runJob('sessionPurge', () => auth.purgeExpired()), HOUR);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
