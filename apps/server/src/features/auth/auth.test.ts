import { AuthMessages } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  sessionCookieFrom,
  signUpAndSignIn,
  testConfig,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { useTestPasswordCost } from './password.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, headers });
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
  role: 'user',
};

describe('register', () => {
  test('creates a buyer and returns name, email and role without the password hash', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toEqual({
      _id: expect.any(String),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'user',
    });
    expect(response.body).not.toMatch(/hash|argon/i);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('defaults the role to user when none is sent', async () => {
    const { role: _role, ...withoutRole } = valid;
    const response = await register(withoutRole);
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('user');
  });

  test('refuses role admin with 403 and creates nothing', async () => {
    const response = await register({ ...valid, role: 'admin' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: AuthMessages.adminRegistrationRefused,
      code: 'FORBIDDEN',
    });
    expect((await login({ email: valid.email, password: valid.password })).statusCode).toBe(401);
  });

  test('refuses an unknown role with 400', async () => {
    const response = await register({ ...valid, role: 'superuser' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.role).toBeDefined();
  });

  test('refuses a duplicate email in any letter case with 409', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    const response = await register({ ...valid, email: 'ADA@Example.COM' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Email is already registered', code: 'CONFLICT' });
  });

  test('concurrent registrations of one email create exactly one account', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => register(valid)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
  });

  test.each([
    [{ ...valid, name: '' }, 'name', AuthMessages.usernameRequired],
    [{ ...valid, name: '   ' }, 'name', AuthMessages.usernameRequired],
    [{ ...valid, name: 'x'.repeat(101) }, 'name', AuthMessages.nameTooLong],
    [{ ...valid, email: '' }, 'email', AuthMessages.emailAndPasswordRequired],
    [{ ...valid, email: 'not-an-email' }, 'email', AuthMessages.invalidEmail],
    [{ ...valid, email: `${'a'.repeat(250)}@example.com` }, 'email', AuthMessages.emailTooLong],
    [{ ...valid, password: '' }, 'password', AuthMessages.emailAndPasswordRequired],
    [{ ...valid, password: 'seven77' }, 'password', AuthMessages.passwordTooShort],
    [{ ...valid, password: 'x'.repeat(129) }, 'password', AuthMessages.passwordTooLong],
    [{ ...valid, password: 'x'.repeat(1024) }, 'password', AuthMessages.passwordTooLong],
    [{ ...valid, name: 42 }, 'name', AuthMessages.usernameRequired],
    [{ email: valid.email, password: valid.password }, 'name', AuthMessages.usernameRequired],
  ])('case %#: refused with 400 and a message on the field', async (payload, field, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors[field]).toContain(message);
    expect(body.message).toBe(message);
  });

  test.each([8, 64, 128])('accepts a password of %i characters', async (length) => {
    const response = await register({ ...valid, password: 'p'.repeat(length) });
    expect(response.statusCode).toBe(201);
    expect((await login({ email: valid.email, password: 'p'.repeat(length) })).statusCode).toBe(
      200,
    );
  });

  test('emoji and combining characters in a password round-trip exactly', async () => {
    const password = '\u{1F510}\u{1F511} cafe\u0301 n\u0303 u\u0308'; // decomposed accents: no normalisation
    expect((await register({ ...valid, password })).statusCode).toBe(201);
    expect((await login({ email: valid.email, password })).statusCode).toBe(200);
    expect(
      (await login({ email: valid.email, password: password.normalize('NFC') })).statusCode,
    ).toBe(401);
  });

  test('stores an argon2id hash, never the password', async () => {
    // At the cost every store uses, not the suite's cheap one (src/test/cheap-passwords.ts).
    useTestPasswordCost(false);
    try {
      await register(valid);
    } finally {
      useTestPasswordCost(true);
    }
    const row = await t.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(valid.password);
  });

  test('mass assignment of extra fields is ignored', async () => {
    const response = await register({ ...valid, isAdmin: true, _id: 'chosen', passwordHash: 'x' });
    expect(response.statusCode).toBe(201);
    expect(response.json().user._id).not.toBe('chosen');
    expect(response.json().user.role).toBe('user');
  });
});

describe('login', () => {
  beforeEach(async () => {
    expect((await register(valid)).statusCode).toBe(201);
  });

  test('returns the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login({ email: valid.email, password: valid.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { _id: expect.any(String), name: valid.name, email: valid.email, role: 'user' },
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^bindery_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toMatch(/Domain/i);
  });

  test('accepts the email in any letter case', async () => {
    expect((await login({ email: ' ADA@example.com ', password: valid.password })).statusCode).toBe(
      200,
    );
  });

  test('unknown email and wrong password answer identically', async () => {
    const wrongPassword = await login({ email: valid.email, password: 'wrong password' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'wrong password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toEqual({
      message: AuthMessages.invalidCredentials,
      code: 'UNAUTHORIZED',
    });
  });

  test.each([
    [{ email: '', password: '' }],
    [{ email: valid.email }],
    [{ password: valid.password }],
    [{}],
    [{ email: ['a@b.c'], password: 'x' }],
  ])('missing or malformed credentials %j answer 400 with the form message', async (payload) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AuthMessages.emailAndPasswordRequired);
  });

  test('a stored hash argon2 cannot read is our failure: 500, logged, not "wrong password"', async () => {
    await t.database.db
      .updateTable('users')
      .set({ passwordHash: '$argon2id$v=19$corrupted' })
      .where('email', '=', valid.email)
      .execute();
    const response = await login({ email: valid.email, password: valid.password });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('INTERNAL_ERROR');
  });

  test('a password beyond the maximum is refused with 400', async () => {
    const response = await login({ email: valid.email, password: 'x'.repeat(1024) });
    expect(response.statusCode).toBe(400);
  });

  test('a new session token replaces one presented at login (no fixation)', async () => {
    const first = sessionCookieFrom(await login({ email: valid.email, password: valid.password }));
    const second = await login({ email: valid.email, password: valid.password }, { cookie: first });
    const secondCookie = sessionCookieFrom(second);
    expect(secondCookie).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(secondCookie)).statusCode).toBe(200);
  });

  test('an admin signs in with role admin', async () => {
    await t.app.auth.upsertAdmin({
      email: 'boss@example.com',
      password: 'admin password',
      name: 'Boss',
    });
    const response = await login({ email: 'boss@example.com', password: 'admin password' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Boss', role: 'admin' });
  });
});

describe('session', () => {
  test('me answers 401 when signed out', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AuthMessages.notSignedIn, code: 'UNAUTHORIZED' });
  });

  test('me returns the signed-in user', async () => {
    const { cookie, email } = await signUpAndSignIn(t.app, { name: 'Grace' });
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Grace', email, role: 'user' });
  });

  test('the database keeps only a hash of the session token', async () => {
    const { cookie } = await signUpAndSignIn(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test.each([
    ['random', `bindery_session=${'A'.repeat(43)}`],
    ['truncated', null],
    ['5 KB', `bindery_session=${'x'.repeat(5000)}`],
    ['garbage', 'bindery_session=%00%ff;;=='],
    ['empty', 'bindery_session='],
  ])('a %s cookie is treated as signed out, never an error', async (_kind, cookie) => {
    let value = cookie;
    if (value === null) {
      const session = await signUpAndSignIn(t.app);
      value = session.cookie.slice(0, -5);
    }
    const response = await me(value);
    expect(response.statusCode).toBe(401);
  });

  test('an expired session is refused', async () => {
    const { cookie } = await signUpAndSignIn(t.app);
    await t.database.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  test('logout deletes the session and clears the cookie', async () => {
    const { cookie } = await signUpAndSignIn(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(
      /bindery_session=;.*Expires=Thu, 01 Jan 1970/,
    );
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  test('logout succeeds when already signed out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('secure cookies behind https', () => {
  test('PUBLIC_URL https gives a Secure __Host- cookie', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://shop.example.com', isSecure: true });
    try {
      await secure.app.inject({ method: 'POST', url: '/api/auth/register', payload: valid });
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: valid.email, password: valid.password },
      });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-bindery_session=/);
      expect(cookie).toMatch(/Secure/);
      expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });
});

describe('rate limiting', () => {
  let logs: Array<Record<string, unknown>>;
  let clock: TestClock;
  beforeEach(async () => {
    await t.close();
    logs = [];
    clock = createTestClock();
    t = await buildTestApp(
      { logLevel: 'warn' },
      {
        clock: clock.now,
        logStream: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      },
    );
    expect((await register(valid)).statusCode).toBe(201);
  });

  const from = (address: string, password: string, email = valid.email) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
    });

  test('one address on one account: five failures free, then growing waits, even for the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect((await from('198.51.100.1', `wrong ${i}`)).statusCode).toBe(401);
    const held = await from('198.51.100.1', valid.password);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
    expect(held.json().message).toBe('Too many failed attempts. Please try again in 1 second.');

    clock.advance(1000);
    expect((await from('198.51.100.1', 'wrong 5')).statusCode).toBe(401);
    const longer = await from('198.51.100.1', valid.password);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    clock.advance(2000);
    expect((await from('198.51.100.1', valid.password)).statusCode).toBe(200);
  });

  test('the owner signs in from a clean address while an attacker’s address is held', async () => {
    for (let i = 0; i < 12; i++) {
      await from('203.0.113.9', `guess ${i}`);
      clock.advance(60_000);
    }
    expect((await from('203.0.113.9', 'another guess')).statusCode).toBe(429);
    expect((await from('192.0.2.10', valid.password)).statusCode).toBe(200);
  });

  test('an account guessed at from many addresses: past its cap those addresses wait, a clean one still signs in', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await from(`198.51.100.${10 + i}`, 'guess')).statusCode).toBe(401);
    }
    const repeat = await from('198.51.100.10', valid.password);
    expect(repeat.statusCode).toBe(429);
    expect(Number(repeat.headers['retry-after'])).toBeGreaterThan(800);
    expect((await from('192.0.2.77', valid.password)).statusCode).toBe(200);
  });

  test('the wait lifts once the window has passed', async () => {
    for (let i = 0; i < 10; i++) await from('198.51.100.1', 'wrong');
    expect((await from('198.51.100.1', valid.password)).statusCode).toBe(429);
    clock.advance(16 * 60_000);
    expect((await from('198.51.100.1', valid.password)).statusCode).toBe(200);
  });

  test('forwarded-for headers are not trusted without a proxy', async () => {
    for (let i = 0; i < 5; i++) {
      await login({ email: valid.email, password: 'wrong' }, { 'x-forwarded-for': `10.0.0.${i}` });
    }
    const response = await login(
      { email: valid.email, password: 'wrong' },
      { 'x-forwarded-for': '10.9.9.9' },
    );
    expect(response.statusCode).toBe(429);
  });

  test('one address trying many accounts is stopped per address', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await from('198.51.100.5', 'guess', `victim${i}@example.com`)).statusCode).toBe(401);
    }
    expect((await from('198.51.100.5', 'guess', 'victim99@example.com')).statusCode).toBe(429);
    // The same account from another address still works.
    expect((await from('192.0.2.7', valid.password)).statusCode).toBe(200);
  });

  test('failures and throttling are security log lines', async () => {
    for (let i = 0; i < 6; i++) await from('198.51.100.1', 'wrong');
    const events = logs.filter((line) => typeof line.event === 'string');
    expect(events.filter((line) => line.event === 'auth.failed')).toHaveLength(5);
    expect(events.find((line) => line.event === 'auth.throttled')).toMatchObject({
      email: valid.email,
      ip: '198.51.100.1',
      reason: 'account and address',
    });
    expect(JSON.stringify(logs)).not.toContain('wrong');
  });
});

describe('registration limits', () => {
  test('one address may register a limited number of times per hour, then 429 with Retry-After', async () => {
    await t.close();
    const clock = createTestClock();
    t = await buildTestApp(
      { auth: { ...testConfig().auth, maxRegistrationsPerIpPerHour: 3 } },
      { clock: clock.now },
    );
    for (let i = 0; i < 3; i++) {
      expect((await register({ ...valid, email: `new${i}@example.com` })).statusCode).toBe(201);
    }
    const refused = await register({ ...valid, email: 'new9@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Probing for existing accounts counts too.
    expect((await register(valid)).statusCode).toBe(429);
    const users = await t.database.db.selectFrom('users').select('email').execute();
    expect(users).toHaveLength(3);
    // Another address is not affected; the first may register again an hour later.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...valid, email: 'elsewhere@example.com' },
      remoteAddress: '192.0.2.50',
    });
    expect(elsewhere.statusCode).toBe(201);
    clock.advance(60 * 60_000 + 1000);
    expect((await register({ ...valid, email: 'later@example.com' })).statusCode).toBe(201);
  });
});
