import { UploadMessages } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { UploadsRepo } from './uploads.repo.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/**
 * Bytes received are added to the database in steps of this size (and at the end), and the
 * address's total is checked then: an upload stops at most this far past the budget.
 */
export const USAGE_STEP_BYTES = 1024 * 1024;

const minuteOf = (time: number) => time - (time % MINUTE);

export interface UploadBudgetOptions {
  repo: UploadsRepo;
  maxBytesPerHour: number;
  clock: () => number;
}

/**
 * Upload bytes per client address per hour, counted in the database (per minute) so that every
 * instance spends from the same budget. Bytes are counted as they arrive, refused upload or not.
 */
export function createUploadBudget({ repo, maxBytesPerHour, clock }: UploadBudgetOptions) {
  /** 429 with the seconds until enough of the last hour's bytes age out, when over budget. */
  async function requireBelow(address: string, limit: number): Promise<void> {
    const now = clock();
    const minutes = await repo.listUsageSince(address, minuteOf(now) - HOUR);
    let total = minutes.reduce((sum, minute) => sum + minute.bytes, 0);
    if (total < limit) return;
    let freedAt = now;
    for (const minute of minutes) {
      total -= minute.bytes;
      freedAt = minute.minuteStart + MINUTE + HOUR;
      if (total < limit) break;
    }
    const retryAfter = Math.max(1, Math.ceil((freedAt - now) / 1000));
    throw AppError.tooManyRequests(UploadMessages.tooManyUploadBytes, retryAfter);
  }

  return {
    /** Before a body is read: 429 when the address has used its hour's budget. */
    requireAllowance(address: string): Promise<void> {
      return requireBelow(address, maxBytesPerHour);
    },

    /**
     * Counts the bytes of `source` against the address as they pass, and stops it with 429 once
     * the address is over budget. What was received is counted even when the upload fails.
     */
    async *meter(address: string, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      let unrecorded = 0;
      const record = async () => {
        const bytes = unrecorded;
        unrecorded = 0;
        if (bytes > 0) await repo.addUsage(address, minuteOf(clock()), bytes);
      };
      try {
        for await (const chunk of source) {
          unrecorded += chunk.byteLength;
          if (unrecorded >= USAGE_STEP_BYTES) {
            await record();
            // Over the budget only once past it: an upload that ends exactly on it is fine.
            await requireBelow(address, maxBytesPerHour + 1);
          }
          yield chunk;
        }
      } finally {
        await record();
      }
    },

    /** Forgets counts older than the hour they are counted for. */
    async sweepExpired(): Promise<void> {
      await repo.deleteUsageBefore(minuteOf(clock()) - 2 * HOUR);
    },
  };
}

export type UploadBudget = ReturnType<typeof createUploadBudget>;
