import { AccountMessages, AuthMessages, ErrorCode } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  sessionCookieFrom,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { hashToken } from './auth.service.js';

const MINUTE = 60_000;

let inbox: SmtpInbox;
let clock: TestClock;
let t: TestApp;

beforeEach(async () => {
  inbox = await startSmtpInbox();
  clock = createTestClock();
  t = await buildTestApp(
    { mail: { smtpUrl: inbox.url, from: 'shop@example.com' } },
    { clock: clock.now },
  );
});
afterEach(async () => {
  await t.close();
  await inbox.close();
});

/** Asks for a link, and waits for the work the store does after answering. */
async function requestReset(email: unknown, remoteAddress = '203.0.113.7') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress,
  });
  await t.app.passwordReset.settled();
  return response;
}

const confirm = (token: unknown, password: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/** Asks for a link and reads the token from the email the store sent over SMTP. */
async function tokenFromEmail(email: string): Promise<string> {
  const before = inbox.messages.length;
  expect((await requestReset(email)).statusCode).toBe(202);
  await t.app.mail.sendDueNow();
  const mail = await inbox.waitForMail({ to: email });
  expect(inbox.messages.length).toBe(before + 1);
  const link = new URL(mail.links[0]!);
  expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/store/reset-password');
  return link.searchParams.get('token')!;
}

describe('asking for a reset link', () => {
  test('an account gets an email with a one-time link; the answer is the same for an unknown email', async () => {
    const buyer = await signUpAndSignIn(t.app, { name: 'Ada Reader' });
    const known = await requestReset(buyer.email.toUpperCase());
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: AccountMessages.resetRequested });
    expect(unknown.body).toBe(known.body);

    await t.app.mail.sendDueNow();
    const mail = await inbox.waitForMail({ to: buyer.email });
    expect(mail.subject).toBe('Reset your Bindery password');
    expect(mail.text).toContain('Hi Ada Reader,');
    expect(mail.text).toContain('within 30 minutes');
    expect(mail.text).toContain('If you did not ask for this, ignore this email');
    const link = new URL(mail.links[0]!);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="http://localhost:3000/store/reset-password?token=${token}"`);
    // Nothing went to the unknown address, and the database holds only the token's hash.
    expect(inbox.messages).toHaveLength(1);
    const rows = await t.database.db.selectFrom('passwordResets').selectAll().execute();
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(token)]);
    expect(rows[0]!.expiresAt - rows[0]!.createdAt).toBe(30 * MINUTE);
  });

  test('links use PUBLIC_URL when it is set', async () => {
    await t.close();
    t = await buildTestApp(
      {
        mail: { smtpUrl: inbox.url, from: 'shop@example.com' },
        publicUrl: 'https://shop.example.com',
        isPublicUrlSet: true,
      },
      { clock: clock.now },
    );
    const buyer = await t.app.auth.register(
      { name: 'Ada', email: 'ada@example.com', password: 'a long password', role: 'user' },
      '203.0.113.7',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: 'shop.example.com' },
      payload: { email: buyer.email },
    });
    expect(response.statusCode).toBe(202);
    await t.app.passwordReset.settled();
    await t.app.mail.sendDueNow();
    const mail = await inbox.waitForMail({ to: buyer.email });
    expect(mail.links[0]).toMatch(/^https:\/\/shop\.example\.com\/store\/reset-password\?token=/);
  });

  test('a malformed email is 400 like registration', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AuthMessages.invalidEmail);
  });

  test('one email per account per five minutes, whoever asks: more requests answer the same', async () => {
    const buyer = await signUpAndSignIn(t.app);
    for (let i = 0; i < 5; i += 1) {
      const response = await requestReset(buyer.email, `203.0.113.${10 + i}`);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: AccountMessages.resetRequested });
    }
    await t.app.mail.sendDueNow();
    expect(inbox.messages).toHaveLength(1);
    clock.advance(5 * MINUTE);
    expect((await requestReset(buyer.email)).statusCode).toBe(202);
    await t.app.mail.sendDueNow();
    expect(inbox.messages).toHaveLength(2);
  });

  test('ten requests per client address per hour, then 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await requestReset(`someone${i}@example.com`)).statusCode).toBe(202);
    }
    const refused = await requestReset('someone-else@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many reset requests. Please try again in 60 minutes.',
      code: ErrorCode.tooManyRequests,
    });
    expect(refused.headers['retry-after']).toBe('3600');
    // Another address is not held.
    expect((await requestReset('someone-else@example.com', '198.51.100.1')).statusCode).toBe(202);
  });
});

describe('setting the new password', () => {
  test('works once, ends every session, and the new password signs in', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const otherDevice = sessionCookieFrom(await signIn(buyer.email, buyer.password));
    const token = await tokenFromEmail(buyer.email);

    const done = await confirm(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: AccountMessages.passwordReset });
    expect((await me(buyer.cookie)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await signIn(buyer.email, buyer.password)).statusCode).toBe(401);
    expect((await signIn(buyer.email, 'a brand new password')).statusCode).toBe(200);

    const again = await confirm(token, 'another new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: AccountMessages.resetLinkInvalid,
      code: ErrorCode.badRequest,
    });
  });

  test('an expired, unknown or replaced link is 400 and changes nothing', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const first = await tokenFromEmail(buyer.email);
    clock.advance(5 * MINUTE);
    const second = await tokenFromEmail(buyer.email);
    // A newer link replaces the older one.
    expect((await confirm(first, 'a brand new password')).statusCode).toBe(400);
    expect((await confirm('made-up-token', 'a brand new password')).statusCode).toBe(400);
    expect((await confirm('bad\u0000token', 'a brand new password')).statusCode).toBe(400);

    clock.advance(30 * MINUTE);
    const expired = await confirm(second, 'a brand new password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AccountMessages.resetLinkInvalid);
    expect((await signIn(buyer.email, buyer.password)).statusCode).toBe(200);
  });

  test('the new password follows the registration rules', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const token = await tokenFromEmail(buyer.email);
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AuthMessages.passwordTooShort);
    // The link still works after a refused password.
    expect((await confirm(token, 'long enough now')).statusCode).toBe(200);
  });

  test('two uses of one link at once: one sets the password, the other is refused', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const token = await tokenFromEmail(buyer.email);
    const results = await Promise.all([
      confirm(token, 'first new password'),
      confirm(token, 'second new password'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'first new password' : 'second new password';
    expect((await signIn(buyer.email, winner)).statusCode).toBe(200);
  });

  test('a reset email that could not be sent in 30 minutes is not sent at all', async () => {
    const buyer = await signUpAndSignIn(t.app);
    inbox.refuseWith(451, 'later');
    expect((await requestReset(buyer.email)).statusCode).toBe(202);
    await t.app.mail.sendDueNow();
    inbox.accept();
    clock.advance(31 * MINUTE);
    await t.app.mail.sendDueNow();
    expect(inbox.messages).toEqual([]);
    const [row] = await t.database.db.selectFrom('mailOutbox').selectAll().execute();
    expect(row).toMatchObject({ kind: 'password-reset', status: 'failed' });
  });
});
