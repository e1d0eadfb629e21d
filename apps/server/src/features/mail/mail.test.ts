import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, MailMessages, type OutboxResponse } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import {
  buildTestApp,
  createScratchDatabase,
  signInAsAdmin,
  signUpAndSignIn,
  testConfig,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct, startCheckout } from '../../test/purchase.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { passwordResetMail, type OutgoingMail } from './templates.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let inbox: SmtpInbox;
let clock: TestClock;
let t: TestApp;
let admin: string;

beforeEach(async () => {
  inbox = await startSmtpInbox();
  clock = createTestClock();
  t = await buildTestApp(
    { mail: { smtpUrl: inbox.url, from: '"Bindery" <shop@example.com>' } },
    { clock: clock.now },
  );
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
  await inbox.close();
});

const note = (to: string, subject = 'A note'): OutgoingMail => ({
  kind: 'receipt',
  to,
  subject,
  text: `Text for ${to}`,
  html: `<p>HTML for ${to}</p>`,
});

const outbox = (db = t.database.db) =>
  db.selectFrom('mailOutbox').selectAll().orderBy('createdAt').orderBy('id').execute();

const listMail = async (query = '', cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/mail${query}`, headers: { cookie } });

const retry = (id: string, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/retry`, headers: { cookie } });

describe('receipts and refund notices, through real SMTP', () => {
  test('an order that becomes paid sends one receipt: title, amount, date and the My Orders link', async () => {
    const buyer = await signUpAndSignIn(t.app, { name: 'Ada Reader' });
    const product = await createTestProduct(t.app, admin, {
      title: 'Tom & Jerry <Field Guide>',
      price: 12.5,
    });
    const { orderId } = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);

    const mail = await inbox.waitForMail({ to: buyer.email });
    expect(mail.subject).toBe('Your receipt from Bindery: Tom & Jerry <Field Guide>');
    expect(mail.from).toBe('shop@example.com');
    expect(mail.text).toContain('Hi Ada Reader,');
    expect(mail.text).toContain('Product: Tom & Jerry <Field Guide>');
    expect(mail.text).toContain('Amount: $12.50');
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      clock.now(),
    );
    expect(mail.text).toContain(`Order date: ${day}`);
    expect(mail.text).toContain(`Order number: ${orderId}`);
    // Issue 26: the receipt links the order's invoice too.
    expect(mail.links).toEqual([
      'http://localhost:3000/store/my-orders',
      `http://localhost:3000/api/orders/${orderId}/invoice.pdf`,
    ]);
    expect(mail.text).toContain(
      `Download your invoice (PDF): http://localhost:3000/api/orders/${orderId}/invoice.pdf`,
    );
    // The HTML part escapes what the owner typed and holds nothing remote: no images, no pixels.
    expect(mail.html).toContain('Tom &amp; Jerry &lt;Field Guide&gt;');
    expect(mail.html).toContain('href="http://localhost:3000/store/my-orders"');
    expect(mail.html).not.toMatch(/<img|src=|<script/i);
    expect(mail.messageId).toMatch(/^<[A-Za-z0-9_-]{16}@localhost>$/);

    // Later news of the same payment (the success page, a redelivered webhook) sends nothing more.
    await t.app.orders.applyOutcome({ orderId, result: 'paid', source: 'webhook (again)' });
    await t.app.mail.sendDueNow();
    const rows = await outbox();
    expect(rows.map((row) => [row.kind, row.toAddress, row.status])).toEqual([
      ['receipt', buyer.email, 'sent'],
    ]);
    expect(inbox.messages).toHaveLength(1);
  });

  test('a refund sends a short refund notice with the amount', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const product = await createTestProduct(t.app, admin, { title: 'Refundable', price: 7 });
    const { orderId } = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    await inbox.waitForMail({ to: buyer.email, subject: /receipt/ });

    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refund`,
      headers: { cookie: admin },
    });
    expect(refunded.statusCode).toBe(200);
    const notice = await inbox.waitForMail({ to: buyer.email, subject: /^Refund/ });
    expect(notice.subject).toBe('Refund from Bindery: Refundable');
    expect(notice.text).toContain('we refunded $7.00 for Refundable');
    expect(notice.text).toContain('The file is no longer available to download');
    expect(notice.links).toEqual(['http://localhost:3000/store/my-orders']);
  });

  test('a payment that did not match sends nothing; the owner granting access sends the receipt', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const product = await createTestProduct(t.app, admin, { title: 'Flagged', price: 12.5 });
    const { orderId } = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    const outcome = await t.app.orders.applyOutcome({
      orderId,
      result: 'paid',
      source: 'webhook',
      amountCents: 1,
      currency: 'usd',
      paymentIntentId: 'pi_short',
    });
    expect(outcome.kind).toBe('mismatch');
    await t.app.mail.sendDueNow();
    expect(await outbox()).toEqual([]);

    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/grant-access`,
      headers: { cookie: admin },
    });
    expect(granted.statusCode).toBe(200);
    const mail = await inbox.waitForMail({ to: buyer.email });
    expect(mail.subject).toBe('Your receipt from Bindery: Flagged');
    expect((await outbox()).map((row) => row.kind)).toEqual(['receipt']);
  });

  test('a canceled checkout sends nothing', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const product = await createTestProduct(t.app, admin);
    const { orderId } = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    await t.app.orders.applyOutcome({ orderId, result: 'canceled', source: 'test' });
    await t.app.mail.sendDueNow();
    expect(await outbox()).toEqual([]);
  });
});

describe('the outbox worker', () => {
  test('a deferred email is retried within a minute, then later and later, and sent once', async () => {
    inbox.refuseWith(451, '4.3.0 Try again later');
    await t.app.mail.enqueue(note('reader@example.com'));
    await t.app.mail.sendDueNow();
    let [row] = await outbox();
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain('451');
    expect(row!.nextAttemptAt - clock.now()).toBe(30 * SECOND);

    clock.advance(30 * SECOND);
    await t.app.mail.sendDueNow();
    [row] = await outbox();
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt - clock.now()).toBe(2 * MINUTE);

    // Not due yet: nothing is tried.
    clock.advance(MINUTE);
    await t.app.mail.sendDueNow();
    expect((await outbox())[0]!.attempts).toBe(2);

    inbox.accept();
    clock.advance(MINUTE);
    await t.app.mail.sendDueNow();
    [row] = await outbox();
    expect(row!.status).toBe('sent');
    expect(row!.lastError).toBeNull();
    expect(inbox.messages.map((mail) => mail.to)).toEqual([['reader@example.com']]);
    expect(inbox.attempts()).toBe(3);
  });

  test('a mail server that stays down is retried for a whole day before the email shows as failed', async () => {
    await inbox.close();
    await t.app.mail.enqueue(note('reader@example.com'));
    const queuedAt = clock.now();
    let attempts = 0;
    for (;;) {
      await t.app.mail.sendDueNow();
      const [row] = await outbox();
      if (row!.status !== 'pending') break;
      attempts = row!.attempts;
      expect(row!.lastError).toContain('ECONNREFUSED');
      clock.set(row!.nextAttemptAt);
    }
    const [row] = await outbox();
    expect(row!.status).toBe('failed');
    expect(clock.now() - queuedAt).toBeGreaterThanOrEqual(24 * HOUR);
    expect(attempts).toBeGreaterThanOrEqual(8);
    inbox = await startSmtpInbox();
  });

  test('an email the server refuses (5xx) fails at once; the admin sees it and retries it', async () => {
    inbox.refuseWith(550, '5.1.1 Mailbox unavailable');
    await t.app.mail.enqueue(note('gone@example.com', 'Your receipt'));
    await t.app.mail.sendDueNow();
    const [row] = await outbox();
    expect(row!.status).toBe('failed');

    const failed = await listMail();
    expect(failed.statusCode).toBe(200);
    const body = failed.json<OutboxResponse>();
    expect(body).toMatchObject({ total: 1, page: 1, pages: 1, failed: 1, delivery: 'smtp' });
    expect(body.mails[0]).toMatchObject({
      _id: row!.id,
      kind: 'receipt',
      to: 'gone@example.com',
      subject: 'Your receipt',
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
      sentAt: null,
    });
    expect(body.mails[0]!.lastError).toContain('Mailbox unavailable');

    inbox.accept();
    const retried = await retry(row!.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ mail: { status: 'pending', attempts: 0 } });
    await t.app.mail.sendDueNow();
    await inbox.waitForMail({ to: 'gone@example.com' });

    const sent = (await listMail('?status=sent')).json<OutboxResponse>();
    expect(sent).toMatchObject({ total: 1, failed: 0 });
    expect(sent.mails[0]!.sentAt).toBe(new Date(clock.now()).toISOString());
    // Sent once: retrying again is refused.
    const again = await retry(row!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MailMessages.alreadySent, code: ErrorCode.conflict });
  });

  test('a reset link past its expiry is never sent, and its body does not outlive sending', async () => {
    inbox.refuseWith(451, 'later');
    const expiresAt = clock.now() + 30 * MINUTE;
    await t.app.mail.enqueue(
      passwordResetMail({
        storeName: 'Bindery',
        to: 'late@example.com',
        name: 'Late',
        link: 'http://localhost:3000/store/reset-password?token=secret-token',
        validMinutes: 30,
        expiresAt,
      }),
    );
    await t.app.mail.sendDueNow();
    clock.set(expiresAt);
    const [pending] = await outbox();
    clock.set(Math.max(expiresAt, pending!.nextAttemptAt));
    inbox.accept();
    await t.app.mail.sendDueNow();
    const [row] = await outbox();
    expect(row!.status).toBe('failed');
    expect(row!.lastError).toBe('The link in this email expired before it could be sent.');
    expect(inbox.messages).toEqual([]);
    const refused = await retry(row!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MailMessages.expired, code: ErrorCode.conflict });

    // One sent in time: delivered, then its token is gone from the database.
    await t.app.mail.enqueue(
      passwordResetMail({
        storeName: 'Bindery',
        to: 'prompt@example.com',
        name: 'Prompt',
        link: 'http://localhost:3000/store/reset-password?token=other-token',
        validMinutes: 30,
        expiresAt: clock.now() + 30 * MINUTE,
      }),
    );
    await t.app.mail.sendDueNow();
    const mail = await inbox.waitForMail({ to: 'prompt@example.com' });
    expect(mail.links).toEqual(['http://localhost:3000/store/reset-password?token=other-token']);
    const sent = (await outbox()).find((r) => r.toAddress === 'prompt@example.com')!;
    expect(sent.status).toBe('sent');
    expect([sent.textBody, sent.htmlBody]).toEqual(['', '']);
  });

  test('the outbox routes: admin only, clear errors for unknown, queued and bad input', async () => {
    const buyer = await signUpAndSignIn(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mail' })).statusCode).toBe(401);
    expect((await listMail('', buyer.cookie)).statusCode).toBe(403);
    expect((await retry('AAAAAAAAAAAAAAAA', buyer.cookie)).statusCode).toBe(403);

    const bad = await listMail('?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status must be one of pending, sent, failed');

    const unknown = await retry('AAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MailMessages.notFound, code: ErrorCode.notFound });
    expect((await retry('not an id\u0000')).statusCode).toBe(404);

    inbox.refuseWith(451, 'later');
    await t.app.mail.enqueue(note('queued@example.com'));
    await t.app.mail.sendDueNow();
    const [row] = await outbox();
    const queued = await retry(row!.id);
    expect(queued.statusCode).toBe(409);
    expect(queued.json().message).toBe(MailMessages.alreadyQueued);
    const pending = (await listMail('?status=pending')).json<OutboxResponse>();
    expect(pending.mails[0]).toMatchObject({
      to: 'queued@example.com',
      nextAttemptAt: new Date(clock.now() + 30 * SECOND).toISOString(),
    });
  });
});

describe('without SMTP_URL', () => {
  test('each email is written to the log in full and counts as sent', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(
      { logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      await logged.app.mail.enqueue(note('trial@example.com', 'Trial receipt'));
      await logged.app.mail.sendDueNow();
      const entry = lines
        .map((line) => JSON.parse(line) as { msg: string; mail?: Record<string, string> })
        .find((line) => line.mail);
      expect(entry?.msg).toBe(
        'email to trial@example.com written to the log, not sent (SMTP_URL is not set): Trial receipt',
      );
      expect(entry?.mail).toMatchObject({
        to: 'trial@example.com',
        subject: 'Trial receipt',
        text: 'Text for trial@example.com',
        html: '<p>HTML for trial@example.com</p>',
      });
      const [row] = await outbox(logged.database.db);
      expect(row!.status).toBe('sent');
      expect(logged.app.mail.transportKind).toBe('log');
    } finally {
      await logged.close();
    }
  });

  test('the owner’s list says an email written to the log went there, not that it was sent', async () => {
    const logged = await buildTestApp();
    try {
      const owner = (await signInAsAdmin(logged.app)).cookie;
      await logged.app.mail.enqueue(note('trial@example.com', 'Trial receipt'));
      await logged.app.mail.sendDueNow();
      const response = await logged.app.inject({
        method: 'GET',
        url: '/api/admin/mail?status=sent',
        headers: { cookie: owner },
      });
      expect(response.statusCode).toBe(200);
      const [mail] = response.json<OutboxResponse>().mails;
      expect(mail).toMatchObject({ subject: 'Trial receipt', status: 'sent', deliveredBy: 'log' });
    } finally {
      await logged.close();
    }
  });
});

describe('how email went out', () => {
  test('an email the mail server took lists as sent by SMTP', async () => {
    await t.app.mail.enqueue(note('reader@example.com', 'Sent by SMTP'));
    await t.app.mail.sendDueNow();
    await inbox.waitForMail({ to: 'reader@example.com' });
    const sent = (await listMail('?status=sent')).json<OutboxResponse>();
    expect(sent.mails.map((mail) => [mail.subject, mail.deliveredBy])).toEqual([
      ['Sent by SMTP', 'smtp'],
    ]);
    expect(sent.delivery).toBe('smtp');
  });
});

/** Two stores on one database, as after a restart or with several instances. */
async function storesOnOneDatabase(count: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-mail-'));
  const scratch = testDb === 'postgres' ? await createScratchDatabase('bindery_mail') : undefined;
  const database: Config['database'] = scratch
    ? { kind: 'postgres', url: scratch.url }
    : { kind: 'sqlite', filename: path.join(dataDir, 'bindery.db') };
  const config = testConfig({
    dataDir,
    database,
    mail: { smtpUrl: inbox.url, from: 'shop@example.com' },
  });
  const apps: FastifyInstance[] = [];
  const open = async () => {
    const app = await buildApp(config);
    await app.ready();
    apps.push(app);
    return app;
  };
  const cleanup = async () => {
    await Promise.all(apps.map((app) => app.close()));
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { open, cleanup, count };
}

describe('an outbox that outlives its process', () => {
  test('email queued before a restart is sent by the next start', async () => {
    const stores = await storesOnOneDatabase(1);
    try {
      const first = await stores.open();
      inbox.refuseWith(451, 'later');
      await first.mail.enqueue(note('restart@example.com'));
      await first.mail.sendDueNow();
      await first.close();

      inbox.accept();
      const second = await stores.open();
      // Due again 30 s after the failed attempt: the real clock will not wait that long here.
      await second.database.db.updateTable('mailOutbox').set({ nextAttemptAt: 0 }).execute();
      await second.mail.sendDueNow();
      const mail = await inbox.waitForMail({ to: 'restart@example.com' });
      expect(mail.subject).toBe('A note');
      expect(inbox.messages).toHaveLength(1);
    } finally {
      await stores.cleanup();
    }
  });

  test.runIf(testDb === 'postgres')(
    'two instances on one PostgreSQL send each email exactly once',
    async () => {
      const stores = await storesOnOneDatabase(2);
      try {
        const [one, two] = [await stores.open(), await stores.open()];
        const addresses = Array.from({ length: 80 }, (_, i) => `reader${i}@example.com`);
        await Promise.all(
          addresses.map((to, i) => (i % 2 === 0 ? one : two).mail.enqueue(note(to))),
        );
        await Promise.all([one.mail.sendDueNow(), two.mail.sendDueNow()]);
        await Promise.all([one.mail.sendDueNow(), two.mail.sendDueNow()]);
        const received = inbox.messages.map((mail) => mail.to[0]).sort();
        expect(received).toEqual([...addresses].sort());
        expect(inbox.attempts()).toBe(80);
      } finally {
        await stores.cleanup();
      }
    },
  );
});
