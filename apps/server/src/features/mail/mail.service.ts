import type { MailRepo } from './mail.repo.js';
import { createMailWorker } from './mail-worker.js';
import type { MailTransport } from './mail-transport.js';
import { createOutbox } from './outbox.js';

export { retryDelayMs } from './mail-worker.js';
export { RETRY_FOR_MS } from './outbox.js';

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
  const { wake, ...worker } = createMailWorker({
    repo,
    transport,
    from,
    clock,
    isDatabaseReady,
    log,
  });
  return {
    /** `smtp` or `log`: whether email leaves the machine. */
    transportKind: transport.kind,
    ...createOutbox({ repo, transport, clock, log, wake }),
    ...worker,
  };
}

export type MailService = ReturnType<typeof createMailService>;
