import type { MailRepo, OutboxRow } from './mail.repo.js';
import type { MailServiceOptions } from './mail.service.js';
import { describeSendFailure } from './mail-transport.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

type WorkerDeps = Required<Omit<MailServiceOptions, 'repo'>> & { repo: MailRepo };

/** One attempt at one claimed email: sent, retried later, or failed for the owner to see. */
async function sendOne(
  { repo, transport, from, clock, log }: WorkerDeps,
  row: OutboxRow,
): Promise<void> {
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
  await repo.markSent(row.id, clock(), transport.kind, row.kind === 'password-reset');
}

/**
 * The outbox worker: sends due email one at a time, each claimed in one statement so that two
 * instances on one PostgreSQL never send the same email.
 */
export function createMailWorker(deps: WorkerDeps) {
  const { repo, transport, clock, isDatabaseReady, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let runAgain = false;
  let stopped = false;
  let lastPurge = 0;

  /** Sends every email that is due now, one claim at a time; resolves when none is left. */
  async function sendDue(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const now = clock();
      const row = await repo.claimDue(now, now + CLAIM_LEASE_MS);
      if (!row) break;
      await sendOne(deps, row);
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

    wake,
  };
}
