/**
 * The browser tests' mail server: a real SMTP server the store sends to (SMTP_URL), which keeps
 * every email it receives and shows them as JSON over HTTP for the specs to read
 * (tests/mailbox.ts). Ports: MAIL_SINK_SMTP_PORT and MAIL_SINK_HTTP_PORT.
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 4311);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 4312);

interface Received {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // Addresses at refused.example are refused for good, as a mail server refuses an unknown mailbox.
  onRcptTo(address, _session, callback) {
    if (address.address.toLowerCase().endsWith('@refused.example')) {
      callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const text = parsed.text ?? '';
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text,
          html: typeof parsed.html === 'string' ? parsed.html : '',
          links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const http = createServer((request, response) => {
  if (request.url === '/health') {
    response.end('ok');
    return;
  }
  if (request.url === '/messages') {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(received));
    return;
  }
  response.statusCode = 404;
  response.end();
});
http.listen(httpPort, '127.0.0.1');

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
