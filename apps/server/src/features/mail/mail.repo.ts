import type { MailStatus } from '@bindery/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/client.js';
import type { Database, MailOutboxTable } from '../../db/types.js';

export type OutboxRow = MailOutboxTable;

/** The queries of the outbox, for both databases; `db` may be another feature's transaction. */
export function createMailRepo(db: Kysely<Database>, dialect: Dialect) {
  return { ...sendingQueries(db, dialect), ...ownerQueries(db) };
}

/** What queueing and the worker use: the email's way from queued to sent or failed. */
function sendingQueries(db: Kysely<Database>, dialect: Dialect) {
  return {
    /** Queues an email; pass the transaction of what caused it so both commit or neither. */
    async insert(row: OutboxRow, within: Kysely<Database> = db): Promise<void> {
      await within.insertInto('mailOutbox').values(row).execute();
    },

    /**
     * Takes the email that is due first, moving it `leaseUntil` into the future so no other
     * worker takes it meanwhile, and counts the attempt. On PostgreSQL a row another instance is
     * claiming right now is skipped, not waited for; SQLite has one writer at a time already.
     * The id is a scalar subquery, evaluated once: with `IN (…)` PostgreSQL may run a LIMIT 1
     * subquery again per row, and with SKIP LOCKED each run finds another row (one claim would
     * take many).
     */
    async claimDue(now: number, leaseUntil: number): Promise<OutboxRow | undefined> {
      let due = db
        .selectFrom('mailOutbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', now)
        .orderBy('nextAttemptAt')
        .limit(1);
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable('mailOutbox')
        .set((eb) => ({ nextAttemptAt: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', due)
        .where('status', '=', 'pending')
        .returningAll()
        .execute();
      return rows[0];
    },

    /**
     * Marks an email sent, and how (`log`: written to the log only); `clearBody` drops what must
     * not outlive the sending (reset links).
     */
    async markSent(
      id: string,
      now: number,
      deliveredBy: 'smtp' | 'log',
      clearBody: boolean,
    ): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set({
          status: 'sent',
          sentAt: now,
          deliveredBy,
          lastError: null,
          ...(clearBody ? { textBody: '', htmlBody: '' } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Schedules the next attempt after a failure. */
    async markRetry(id: string, nextAttemptAt: number, error: string): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set({ nextAttemptAt, lastError: error })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Stops retrying an email; it shows in the admin's failed list. */
    async markFailed(id: string, error: string): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set({ status: 'failed', lastError: error })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Drops sent email older than `before`; the outbox is a queue, not an archive. */
    async purgeSent(before: number): Promise<number> {
      const result = await db
        .deleteFrom('mailOutbox')
        .where('status', '=', 'sent')
        .where('sentAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** What the owner's outbox page uses: looking email up and queueing a failed one again. */
function ownerQueries(db: Kysely<Database>) {
  return {
    find(id: string): Promise<OutboxRow | undefined> {
      return db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** One page of one status, newest first (the index on status, created_at reads it in order). */
    async list(status: MailStatus, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('mailOutbox')
          .selectAll()
          .where('status', '=', status)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        this.count(status),
      ]);
      return { rows, total };
    },

    async count(status: MailStatus): Promise<number> {
      const row = await db
        .selectFrom('mailOutbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Puts a failed email back in the queue, due now, with a fresh retry window. */
    async requeue(id: string, now: number, giveUpAt: number): Promise<boolean> {
      const result = await db
        .updateTable('mailOutbox')
        .set({ status: 'pending', nextAttemptAt: now, giveUpAt, attempts: 0 })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type MailRepo = ReturnType<typeof createMailRepo>;
