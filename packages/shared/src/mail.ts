import { z } from 'zod';

/** What an email is about; receipts and refund notices for orders, reset links for accounts. */
export const MAIL_KINDS = [
  'receipt',
  'refund',
  'password-reset',
  'password-changed',
  'product-update',
] as const;
export const MailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKindSchema>;

/** `pending` until it is sent; `failed` once it stopped being retried (the admin can retry). */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export const MailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof MailStatusSchema>;

/** An email in the outbox as the admin sees it (the body stays on the server). */
export const OutboxMailSchema = z.object({
  _id: z.string(),
  kind: MailKindSchema,
  to: z.string(),
  subject: z.string(),
  status: MailStatusSchema,
  attempts: z.number().int(),
  /** The last error the mail server (or the connection to it) gave, while it is not sent. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When the next attempt is due (pending), null otherwise. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /**
   * How a sent email went out: `smtp` to the mail server, `log` written to the server's log
   * only (no SMTP_URL). Null while it is not sent, and for email sent before this was recorded.
   */
  deliveredBy: z.enum(['smtp', 'log']).nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxQuerySchema = z.object({
  status: z
    .enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(', ')}` })
    .default('failed'),
  page: z.preprocess(
    (value) => (value === undefined || value === '' ? 1 : value),
    z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(1_000_000, 'page must be at most 1000000'),
  ),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

/** Emails listed per page in the admin's outbox. */
export const OUTBOX_PAGE_SIZE = 20;

export const OutboxResponseSchema = z.object({
  mails: z.array(OutboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Emails that stopped being retried, whichever list is shown: the owner's to-do count. */
  failed: z.number().int(),
  /** `log` when SMTP_URL is not set: email is written to the server's log, not sent. */
  delivery: z.enum(['smtp', 'log']),
});
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;

export const OutboxMailResponseSchema = z.object({ mail: OutboxMailSchema });
export type OutboxMailResponse = z.infer<typeof OutboxMailResponseSchema>;

export const MailMessages = {
  outboxTitle: 'Email',
  outboxLoadFailed: 'Failed to load email.',
  retry: 'Retry',
  retried: 'Email queued to be sent again.',
  retryFailed: (message: string) => `Error retrying email: ${message}`,
  notFound: 'Email not found',
  alreadySent: 'This email was already sent.',
  alreadyQueued: 'This email is already waiting to be sent.',
  expired: 'This email held a link that has expired, so it cannot be sent any more.',
  noFailed: 'No failed email. Every email was sent or is still being tried.',
  noPending: 'No email is waiting to be sent.',
  noSent: 'No email sent in the last 30 days.',
  writtenToLog: 'Written to the log',
  logDelivery:
    'SMTP_URL is not set, so email is written to the server log instead of sent. Set SMTP_URL (see the README) so buyers receive their receipts and reset links.',
  failedAlert: (count: number) =>
    count === 1 ? '1 email could not be sent' : `${count} emails could not be sent`,
} as const;
