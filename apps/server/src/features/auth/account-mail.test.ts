import { AuthMessages, ErrorCode } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, signUpAndSignIn, type TestApp } from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';

const PHISHING_NAME = 'Ada.\r\n\r\nACCOUNT LOCKED - verify at https://evil.example/v now.';
/** 15:30 UTC: 10:30 in New York, the store's time zone below. */
const CHANGED_AT = Date.UTC(2026, 10, 25, 15, 30);

let inbox: SmtpInbox;
let clock: TestClock;
let t: TestApp;

beforeEach(async () => {
  inbox = await startSmtpInbox();
  clock = createTestClock(CHANGED_AT);
  t = await buildTestApp(
    {
      mail: { smtpUrl: inbox.url, from: 'shop@example.com' },
      timeZone: 'America/New_York',
      // A name the store answers to: still not one that links in email are built on.
      allowedHosts: ['vm.local'],
    },
    { clock: clock.now },
  );
});
afterEach(async () => {
  await t.close();
  await inbox.close();
});

async function requestReset(email: string, host: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers: { host },
    payload: { email },
    remoteAddress: `203.0.113.${inbox.messages.length + 1}`,
  });
  expect(response.statusCode).toBe(202);
  await t.app.passwordReset.settled();
  await t.app.mail.sendDueNow();
}

describe('links in email', () => {
  test.each(['vm.local', 'attacker.localhost', 'localhost:31337'])(
    'a reset asked for at %s links to the address the store announced, not to that host',
    async (host) => {
      const buyer = await signUpAndSignIn(t.app);
      await requestReset(buyer.email, host);
      const mail = await inbox.waitForMail({ to: buyer.email });
      expect(mail.links).toHaveLength(1);
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/store\/reset-password\?token=/);
      expect(mail.html).not.toContain(host === 'localhost:31337' ? ':31337' : host);
    },
  );
});

describe('names in email', () => {
  test('a name with control characters is refused at registration and on the account page', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: PHISHING_NAME, email: 'ada@example.com', password: 'a long password' },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toEqual({
      message: AuthMessages.nameHasControlCharacters,
      code: ErrorCode.validation,
      errors: { name: [AuthMessages.nameHasControlCharacters] },
    });

    const buyer = await signUpAndSignIn(t.app, { name: 'Ada' });
    for (const name of [PHISHING_NAME, 'Ada\tLovelace', 'Ada\u2028Lovelace']) {
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: { cookie: buyer.cookie },
        payload: { name },
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().errors).toEqual({ name: [AuthMessages.nameHasControlCharacters] });
    }
  });

  test('a name stored with line breaks before the rule stays inside its sentence', async () => {
    // The service alone, as an account made before names were checked.
    await t.app.auth.register(
      { name: PHISHING_NAME, email: 'ada@example.com', password: 'a long password', role: 'user' },
      '203.0.113.9',
    );
    await requestReset('ada@example.com', 'localhost');
    const mail = await inbox.waitForMail({ to: 'ada@example.com' });
    const lines = mail.text.split('\n');
    expect(lines.filter((line) => line.includes('ACCOUNT LOCKED'))).toEqual([
      'Hi Ada. ACCOUNT LOCKED - verify at https://evil.example/v now.,',
    ]);
    expect(mail.html).not.toMatch(/ACCOUNT LOCKED[^<]*\r?\n/);
  });
});

describe('the password-changed notice', () => {
  const expectNotice = async (email: string) => {
    const mail = await inbox.waitForMail({ to: email, subject: /password was changed/ });
    expect(mail.subject).toBe('Your Bindery password was changed');
    expect(mail.text).toContain(
      `the password of your Bindery account (${email}) was changed on November 25, 2026 at 10:30 AM (America/New_York).`,
    );
    expect(mail.text).toContain('If it was not, reset your password now');
    expect(mail.links).toEqual(['http://localhost:3000/store/forgot-password']);
  };

  test('changing the password on the account page emails the owner, through the outbox', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: buyer.cookie, host: 'attacker.localhost' },
      payload: { currentPassword: 'not it at all', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: buyer.cookie, host: 'attacker.localhost' },
      payload: { currentPassword: buyer.password, newPassword: 'a brand new password' },
    });
    expect(changed.statusCode).toBe(200);
    // Queued with the change itself, before the answer.
    const rows = await t.database.db
      .selectFrom('mailOutbox')
      .select(['kind', 'toAddress'])
      .execute();
    expect(rows).toEqual([{ kind: 'password-changed', toAddress: buyer.email }]);
    await t.app.mail.sendDueNow();
    await expectNotice(buyer.email);
    expect(inbox.messages).toHaveLength(1);
  });

  test('setting a password through a reset link emails the owner too', async () => {
    const buyer = await signUpAndSignIn(t.app);
    await requestReset(buyer.email, 'localhost');
    const link = new URL((await inbox.waitForMail({ to: buyer.email })).links[0]!);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: link.searchParams.get('token'), password: 'a brand new password' },
    });
    expect(confirmed.statusCode).toBe(200);
    await t.app.mail.sendDueNow();
    await expectNotice(buyer.email);
    expect(inbox.messages).toHaveLength(2);
  });
});
