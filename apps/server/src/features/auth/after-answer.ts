import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work a request causes but must not wait for: it runs after the answer has gone, one job at a
 * time in the order queued (so two jobs never race on the same limits in one process). A job
 * that fails is reported, never thrown into the void.
 */
export function createAfterAnswer(report: (error: unknown, job: string) => void) {
  let queue: Promise<void> = Promise.resolve();
  return {
    run(job: string, work: () => Promise<void>): void {
      queue = queue
        .then(() => nextTurn())
        .then(work)
        .catch((error: unknown) => report(error, job));
    },

    /** Resolves when every job queued so far, and any they queued, has finished. */
    async settled(): Promise<void> {
      let current: Promise<void>;
      do {
        current = queue;
        await current;
      } while (current !== queue);
    },
  };
}
