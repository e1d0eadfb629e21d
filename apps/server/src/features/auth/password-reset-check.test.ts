import { AccountMessages, ErrorCode } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, signUpAndSignIn, type TestApp } from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { REFUSED_RESET_CHECKS_PER_ADDRESS_PER_HOUR } from './password-reset.service.js';

const MINUTE = 60_000;
const REFUSED = { message: AccountMessages.resetLinkInvalid, code: ErrorCode.badRequest };

let inbox: SmtpInbox;
let clock: TestClock;
let t: TestApp;
let logLines: string[];

beforeEach(async () => {
  inbox = await startSmtpInbox();
  clock = createTestClock();
  logLines = [];
  t = await buildTestApp(
    { logLevel: 'info', mail: { smtpUrl: inbox.url, from: 'shop@example.com' } },
    { clock: clock.now, logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterEach(async () => {
  await t.close();
  await inbox.close();
});

const check = (payload: unknown, remoteAddress = '203.0.113.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/check',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

const confirm = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  });

/** Asks for a link and reads the token from the email the store sent over SMTP. */
async function tokenFromEmail(email: string): Promise<string> {
  inbox.messages.splice(0);
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
  });
  expect(asked.statusCode).toBe(202);
  await t.app.passwordReset.settled();
  await t.app.mail.sendDueNow();
  const mail = await inbox.waitForMail({ to: email });
  return new URL(mail.links[0]!).searchParams.get('token')!;
}

describe('checking a reset link when its page opens', () => {
  test('a valid link is usable, and still sets the password after being checked', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const token = await tokenFromEmail(buyer.email);

    const first = await check({ token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ usable: true });
    // Checking does not use the link up.
    expect((await check({ token })).json()).toEqual({ usable: true });
    const done = await confirm(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: AccountMessages.passwordReset });
  });

  test('a used link is refused with the message the form shows', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const token = await tokenFromEmail(buyer.email);
    expect((await confirm(token, 'a brand new password')).statusCode).toBe(200);

    const used = await check({ token });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual(REFUSED);
  });

  test('an expired, a replaced and an unknown link are refused alike', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const replaced = await tokenFromEmail(buyer.email);
    clock.advance(5 * MINUTE);
    const current = await tokenFromEmail(buyer.email);
    expect((await check({ token: current })).statusCode).toBe(200);

    for (const token of [replaced, 'made-up-token', '']) {
      const response = await check({ token });
      expect(response.statusCode, token).toBe(400);
      expect(response.json(), token).toEqual(REFUSED);
    }

    clock.advance(30 * MINUTE);
    const expired = await check({ token: current });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(REFUSED);
  });

  test('a malformed body is a 400 that names the link, never a 500', async () => {
    for (const payload of [{}, { token: 42 }, { token: 'x'.repeat(201) }, { token: null }]) {
      const response = await check(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({
        message: AccountMessages.resetLinkInvalid,
        code: ErrorCode.validation,
      });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/check',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  test(`refused checks are limited to ${REFUSED_RESET_CHECKS_PER_ADDRESS_PER_HOUR} an hour per client address`, async () => {
    const buyer = await signUpAndSignIn(t.app);
    const token = await tokenFromEmail(buyer.email);
    for (let n = 0; n < REFUSED_RESET_CHECKS_PER_ADDRESS_PER_HOUR; n++) {
      expect((await check({ token: `guess-${n}` })).statusCode).toBe(400);
    }
    const throttled = await check({ token });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      message: 'Too many reset link checks. Please try again in 60 minutes.',
      code: ErrorCode.tooManyRequests,
    });
    expect(throttled.headers['retry-after']).toBe('3600');
    // Another address is not held back, and the hour passes.
    expect((await check({ token }, '198.51.100.4')).statusCode).toBe(200);
    clock.advance(60 * MINUTE + 1);
    const later = await tokenFromEmail(buyer.email);
    expect((await check({ token: later })).statusCode).toBe(200);
  });

  test('the token is written to no log line', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const token = await tokenFromEmail(buyer.email);
    await check({ token });
    await confirm(token, 'a brand new password');
    await check({ token });
    expect(logLines.some((line) => line.includes('password_reset_check_refused'))).toBe(true);
    expect(logLines.join('')).not.toContain(token);
  });
});
