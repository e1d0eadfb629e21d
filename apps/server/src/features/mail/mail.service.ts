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
import { describeSendFailure, type MailTransport } from './mail-transport.js';
import type { OutgoingMail } from './templates.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A failing email is retried for this long before it shows as failed (the issue asks ≥ 24 h). */
export const RETRY_FOR_MS = DAY;
/** The first retry comes this soon; each next one four times later, up to MAX_RETRY_DELAY_MS. */
const FIRST_RETRY_DELAY_MS = 30 * SECOND;
const MAX_RETRY_DELAY_MS = 4 * HOUR;
/**
 * How long a worker holds an email it took. Longer than an SMTP attempt can last (connection
 * 15 s, greeting 15 s, socket 30 s), so a live worker never loses its email to another; a dead
 * one's email is taken again after it.
 */
const CLAIM_LEASE_MS = 2 * MINUTE;
/** How often an idle worker looks for due email (a queued email also wakes it at once). */
const POLL_MS = 5 * SECOND;
/** Sent email is kept this long for the owner to look up, then removed. */
const KEEP_SENT_MS = 30 * DAY;

/** When the attempt after `attempts` failed ones is due, before the retry window closes. */
export function retryDelayMs(attempts: number): number {
  const delay = FIRST_RETRY_DELAY_MS * 4 ** Math.max(0, attempts - 1);
  return Math.min(delay, MAX_RETRY_DELAY_MS);
}

export interface MailServiceOptions {
  repo: MailRepo;
  transport: MailTransport;
  /** The sender (MAIL_FROM). */
  from: string;
  clock?: () => number;
  /** False while the database is unreachable at start: the worker waits. */
  isDatabaseReady?: () => boolean;
  log: {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
    error(fields: object, message: string): void;
  };
}

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
  };
}

/**
 * Email through the outbox (decision 015): `enqueue` writes the email in the caller's
 * transaction; the worker sends due email one at a time, each claimed in one statement so that
 * two instances on one PostgreSQL never send the same email, and retries failures with a
 * growing delay for at least a day before showing them to the owner as failed.
 */
export function createMailService({
  repo,
  transport,
  from,
  clock = Date.now,
  isDatabaseReady = () => true,
  log,
}: MailServiceOptions) {
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let runAgain = false;
  let stopped = false;
  let lastPurge = 0;

  async function sendOne(row: OutboxRow): Promise<void> {
    const now = clock();
    if (row.expiresAt !== null && row.expiresAt <= now) {
      await repo.markFailed(row.id, 'The link in this email expired before it could be sent.');
      log.warn({ mailId: row.id, kind: row.kind }, 'email expired before it could be sent');
      return;
    }
    try {
      await transport.send({
        id: row.id,
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
    } catch (error) {
      const failure = describeSendFailure(error);
      const failedAt = clock();
      if (failure.isPermanent || failedAt >= row.giveUpAt) {
        await repo.markFailed(row.id, failure.message);
        log.error(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, error: failure.message },
          'email failed: the owner can retry it from the admin area',
        );
        return;
      }
      const next = Math.min(failedAt + retryDelayMs(row.attempts), row.giveUpAt);
      await repo.markRetry(row.id, next, failure.message);
      log.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, error: failure.message },
        `email not sent; trying again at ${new Date(next).toISOString()}`,
      );
      return;
    }
    // Nothing that would let someone in is kept once it has gone.
    await repo.markSent(row.id, clock(), row.kind === 'password-reset');
  }

  /** Sends every email that is due now, one claim at a time; resolves when none is left. */
  async function sendDue(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const now = clock();
      const row = await repo.claimDue(now, now + CLAIM_LEASE_MS);
      if (!row) break;
      await sendOne(row);
    }
    const now = clock();
    if (now - lastPurge >= HOUR) {
      lastPurge = now;
      await repo.purgeSent(now - KEEP_SENT_MS);
    }
  }

  function tick() {
    if (stopped || !isDatabaseReady()) return;
    if (running) {
      runAgain = true;
      return;
    }
    running = sendDue()
      .catch((error: unknown) => log.warn({ err: error }, 'mail worker could not reach the outbox'))
      .finally(() => {
        running = undefined;
        if (runAgain) {
          runAgain = false;
          tick();
        }
      });
  }

  /** Runs the worker soon, not now: an enqueuing transaction has to commit first. */
  function wake() {
    if (!timer || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      tick();
    }, 20);
    wakeTimer.unref();
  }

  return {
    /** `smtp` or `log`: whether email leaves the machine. */
    transportKind: transport.kind,

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

    /** Sends what is due now and waits for it (tests, and a store shutting down cleanly). */
    async sendDueNow(): Promise<void> {
      do {
        if (running) await running;
        await sendDue();
      } while (running);
    },

    /** Starts the worker: at once, then every few seconds and whenever email is queued. */
    start() {
      if (timer) return;
      stopped = false;
      timer = setInterval(tick, POLL_MS);
      timer.unref();
      tick();
    },

    /** Stops the worker after the email it is sending, if any. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      clearTimeout(wakeTimer);
      timer = undefined;
      wakeTimer = undefined;
      await running;
      transport.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
