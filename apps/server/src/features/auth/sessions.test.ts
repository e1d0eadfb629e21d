import { AuthMessages } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  sessionCookieFrom,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { ensureAdmin } from './admin-bootstrap.js';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let clock: TestClock;
let logs: Array<Record<string, unknown>>;
beforeEach(async () => {
  clock = createTestClock();
  logs = [];
  t = await buildTestApp(
    { logLevel: 'warn' },
    {
      clock: clock.now,
      logStream: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    },
  );
});
afterEach(async () => {
  await t.close();
});

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = async (email: string, password: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response);
};

describe('a change of role or password ends every session of the account', () => {
  test('a buyer promoted to admin by ADMIN_EMAIL: the buyer’s cookies stop working, none becomes an admin’s', async () => {
    const buyer = await signUpAndSignIn(t.app, { email: 'owner@example.com' });
    const second = await login('owner@example.com', buyer.password);
    expect((await me(buyer.cookie)).json().user.role).toBe('user');

    await ensureAdmin(
      { adminEmail: 'owner@example.com', adminPassword: buyer.password },
      t.app.auth,
    );

    for (const cookie of [buyer.cookie, second]) {
      const response = await me(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(AuthMessages.notSignedIn);
      const admin = await t.app.inject({
        method: 'GET',
        url: '/api/orders',
        headers: { cookie },
      });
      expect(admin.statusCode).toBe(401);
    }
    // Signing in again gives an admin session.
    const fresh = await login('owner@example.com', buyer.password);
    expect((await me(fresh)).json().user.role).toBe('admin');
    expect(logs.find((line) => line.event === 'account.role_changed')).toMatchObject({
      email: 'owner@example.com',
      from: 'user',
      to: 'admin',
      sessionsEnded: 2,
    });
  });

  test('rotating the admin password ends the admin’s sessions; an unchanged restart keeps them', async () => {
    const settings = { adminEmail: 'admin@example.com', adminPassword: 'first password' };
    await ensureAdmin(settings, t.app.auth);
    const cookie = await login('admin@example.com', 'first password');
    await ensureAdmin(settings, t.app.auth);
    expect((await me(cookie)).statusCode).toBe(200);

    await ensureAdmin({ ...settings, adminPassword: 'second password' }, t.app.auth);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(logs.filter((line) => line.event === 'account.password_changed')).toEqual([
      expect.objectContaining({ email: 'admin@example.com', sessionsEnded: 1 }),
    ]);
  });
});

describe('idle timeout', () => {
  test('an admin unused for 12 hours is signed out, with a message that says why; in use, it lasts', async () => {
    await ensureAdmin(
      { adminEmail: 'admin@example.com', adminPassword: 'admin password' },
      t.app.auth,
    );
    const cookie = await login('admin@example.com', 'admin password');
    // Used every 11 hours, the session stays.
    for (let step = 0; step < 3; step += 1) {
      clock.advance(11 * HOUR);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    clock.advance(12 * HOUR + 1000);
    const idle = await me(cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(AuthMessages.signedOutInactive);
    expect(String(idle.headers['set-cookie'])).toMatch(/bindery_session=;/);
    // The session is gone: the next request is simply signed out.
    expect((await me(cookie)).json().message).toBe(AuthMessages.notSignedIn);
  });

  test('a buyer’s session survives 6 days unused and ends after 7', async () => {
    const buyer = await signUpAndSignIn(t.app);
    clock.advance(6 * 24 * HOUR);
    expect((await me(buyer.cookie)).statusCode).toBe(200);
    clock.advance(7 * 24 * HOUR + 1000);
    const response = await me(buyer.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AuthMessages.signedOutInactive);
  });
});
