import type { Transporter } from 'nodemailer';

/** One email as it leaves the store. */
export interface Envelope {
  /** The outbox id; the Message-ID is made from it, so a resent email is the same message. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** `smtp` sends; `log` writes each email to the log in full (no SMTP_URL: a store on trial). */
  kind: 'smtp' | 'log';
  /** Resolves once the mail server accepted the email; rejects with its error otherwise. */
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/** What a failed attempt tells the worker: the text to show, and whether retrying can help. */
export interface SendFailure {
  message: string;
  /** The server refused the email itself (a 5xx reply): retrying will not change its mind. */
  isPermanent: boolean;
}

/** How long one SMTP step may take; the worker's claim on an email lasts longer than all of them. */
const CONNECT_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

export function createSmtpTransport(smtpUrl: string, storeHost: string): MailTransport {
  // Nodemailer is loaded with the first email: a store at rest does not hold it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: CONNECT_TIMEOUT_MS,
        greetingTimeout: CONNECT_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      }),
    ));
  return {
    kind: 'smtp',
    async send(envelope) {
      await (
        await connect()
      ).sendMail({
        from: envelope.from,
        to: envelope.to,
        subject: envelope.subject,
        text: envelope.text,
        html: envelope.html,
        messageId: `<${envelope.id}@${storeHost}>`,
        // Receipts and reset links are answers to something the buyer did: no bulk headers.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => void transporter?.then((open) => open.close()),
  };
}

/**
 * Without SMTP_URL the store still runs (`npm start` alone): each email is written to the log
 * whole, text and HTML, so a reset link can be followed from the console.
 */
export function createLogTransport(log: {
  info(fields: object, message: string): void;
}): MailTransport {
  return {
    kind: 'log',
    async send(envelope) {
      log.info(
        { mail: { ...envelope } },
        `email to ${envelope.to} written to the log, not sent (SMTP_URL is not set): ${envelope.subject}`,
      );
    },
    close: () => {},
  };
}

/** Reads an error from nodemailer (or the network) into what the outbox keeps. */
export function describeSendFailure(error: unknown): SendFailure {
  const details = error as { responseCode?: unknown; response?: unknown; code?: unknown };
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  // The server's own reply reads best ("550 5.1.1 Mailbox unavailable"); without one, the
  // error (a refused connection, a timeout) with its code.
  const reply = typeof details.response === 'string' ? details.response : undefined;
  const text = error instanceof Error ? error.message : String(error);
  const code = typeof details.code === 'string' && !text.includes(details.code) ? details.code : '';
  const message = reply ?? (code ? `${code}: ${text}` : text);
  return {
    message: message.slice(0, 500),
    isPermanent: responseCode !== undefined && responseCode >= 500 && responseCode < 600,
  };
}
