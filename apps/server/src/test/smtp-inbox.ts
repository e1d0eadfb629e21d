import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One email as the inbox received it, parsed. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every http(s) address in the text part, in order. */
  links: string[];
  headers: ParsedMail['headers'];
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>`, for the store's SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first email (already here or arriving) to `to` whose subject matches. */
  waitForMail(
    filter: { to: string; subject?: string | RegExp },
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  /** Refuses every email from now on with this SMTP reply (e.g. 451 to defer, 550 to reject). */
  refuseWith(code: number, message: string): void;
  /** Accepts email again. */
  accept(): void;
  /** Refuses this one address at RCPT TO from now on (a mailbox that bounces). */
  refuseRecipient(address: string, code: number, message: string): void;
  /** How many emails were offered (accepted or refused). */
  attempts(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps what it receives: tests send through
 * nodemailer to it and read the parsed messages, with no mocked transport in between.
 */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusal: { code: number; message: string } | undefined;
  let offered = 0;
  const refusedRecipients = new Map<string, { code: number; message: string }>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refused = refusedRecipients.get(address.address.toLowerCase());
      if (!refused) return callback();
      offered += 1;
      callback(Object.assign(new Error(refused.message), { responseCode: refused.code }));
    },
    onData(stream, session, callback) {
      offered += 1;
      if (refusal) {
        stream.resume();
        const { code, message } = refusal;
        stream.on('end', () => callback(Object.assign(new Error(message), { responseCode: code })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
            headers: parsed.headers,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const matches = (mail: ReceivedMail, filter: { to: string; subject?: string | RegExp }) =>
    mail.to.includes(filter.to.toLowerCase()) &&
    (filter.subject === undefined ||
      (typeof filter.subject === 'string'
        ? mail.subject === filter.subject
        : filter.subject.test(mail.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMail(filter, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((mail) => matches(mail, filter));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `no email to ${filter.to}${filter.subject ? ` (${String(filter.subject)})` : ''} within ${timeoutMs} ms; received: ${messages.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join(' | ') || 'nothing'}`,
          );
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    refuseWith(code, message) {
      refusal = { code, message };
    },
    accept() {
      refusal = undefined;
    },
    refuseRecipient(address, code, message) {
      refusedRecipients.set(address.toLowerCase(), { code, message });
    },
    attempts: () => offered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
