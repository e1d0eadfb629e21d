import { randomBytes } from 'node:crypto';
import {
  MailMessages,
  OUTBOX_PAGE_SIZE,
  type OutboxMail,
  type OutboxQuery,
  type OutboxResponse,
} from '@bindery/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { MailRepo, OutboxRow } from './mail.repo.js';
import type { MailServiceOptions } from './mail.service.js';
import type { OutgoingMail } from './templates.js';

const DAY = 24 * 60 * 60 * 1000;

/** A failing email is retried for this long before it shows as failed (the issue asks ≥ 24 h). */
export const RETRY_FOR_MS = DAY;
/** Outbox ids are 16 base64url characters; anything else is not one (and never reaches the database). */
const MAIL_ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    _id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: iso(row.createdAt)!,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    sentAt: iso(row.sentAt),
    deliveredBy: row.status === 'sent' ? row.deliveredBy : null,
  };
}

interface OutboxDeps {
  repo: MailRepo;
  transport: Pick<MailServiceOptions['transport'], 'kind'>;
  clock: () => number;
  log: MailServiceOptions['log'];
  /** Tells the worker email is waiting. */
  wake: () => void;
}

/** The outbox as the store and its owner see it: queueing email, listing it, retrying it. */
export function createOutbox({ repo, transport, clock, log, wake }: OutboxDeps) {
  return {
    /**
     * Queues an email. Pass the transaction that makes it true (the order paid, the token
     * stored): the email exists exactly when that commits. The worker is woken to send it.
     */
    async enqueue(mail: OutgoingMail, within?: Kysely<Database>): Promise<void> {
      const now = clock();
      await repo.insert(
        {
          id: randomBytes(12).toString('base64url'),
          kind: mail.kind,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          giveUpAt: now + RETRY_FOR_MS,
          expiresAt: mail.expiresAt ?? null,
          lastError: null,
          createdAt: now,
          sentAt: null,
          deliveredBy: null,
        },
        within,
      );
      wake();
    },

    async list(query: OutboxQuery): Promise<OutboxResponse> {
      const [{ rows, total }, failed] = await Promise.all([
        repo.list(query.status, (query.page - 1) * OUTBOX_PAGE_SIZE, OUTBOX_PAGE_SIZE),
        repo.count('failed'),
      ]);
      return {
        mails: rows.map(toOutboxMail),
        total,
        page: query.page,
        pages: Math.ceil(total / OUTBOX_PAGE_SIZE),
        failed,
        delivery: transport.kind,
      };
    },

    /** Puts a failed email back in the queue with a fresh day of retries. */
    async retry(id: string): Promise<OutboxMail> {
      const row = MAIL_ID_SHAPE.test(id) ? await repo.find(id) : undefined;
      if (!row) throw AppError.notFound(MailMessages.notFound);
      if (row.status === 'sent') throw AppError.conflict(MailMessages.alreadySent);
      if (row.status === 'pending') throw AppError.conflict(MailMessages.alreadyQueued);
      const now = clock();
      if (row.expiresAt !== null && row.expiresAt <= now) {
        throw AppError.conflict(MailMessages.expired);
      }
      if (!(await repo.requeue(id, now, now + RETRY_FOR_MS))) {
        // Retried by someone else a moment ago.
        throw AppError.conflict(MailMessages.alreadyQueued);
      }
      log.info({ mailId: id, kind: row.kind }, 'failed email queued again by an admin');
      wake();
      return toOutboxMail({
        ...row,
        status: 'pending',
        nextAttemptAt: now,
        giveUpAt: now + RETRY_FOR_MS,
        attempts: 0,
      });
    },
  };
}
