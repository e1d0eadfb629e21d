import { AccountMessages, AuthMessages, ErrorCode } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  sessionCookieFrom,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = createTestClock();
  t = await buildTestApp({}, { clock: clock.now });
});
afterEach(async () => {
  await t.close();
});

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const rename = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/auth/me',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const changePassword = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('the account page’s name', () => {
  test('the signed-in user changes their name; it is trimmed and shown from then on', async () => {
    const buyer = await signUpAndSignIn(t.app, { name: 'Ada' });
    const response = await rename(buyer.cookie, { name: '  Ada Lovelace ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Ada Lovelace', email: buyer.email });
    expect((await me(buyer.cookie)).json().user.name).toBe('Ada Lovelace');
  });

  test('an empty or long name is 400 with the registration texts; a visitor is 401', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const empty = await rename(buyer.cookie, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(AuthMessages.usernameRequired);
    const long = await rename(buyer.cookie, { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(AuthMessages.nameTooLong);
    const visitor = await rename(undefined, { name: 'Someone' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe(ErrorCode.unauthorized);
  });
});

describe('changing the password', () => {
  test('with the current password: other sessions end, this one stays, the new password works', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const other = sessionCookieFrom(await signIn(buyer.email, buyer.password));
    const response = await changePassword(buyer.cookie, {
      currentPassword: buyer.password,
      newPassword: 'a fresh long password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AccountMessages.passwordChanged });
    expect((await me(buyer.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(buyer.email, buyer.password)).statusCode).toBe(401);
    expect((await signIn(buyer.email, 'a fresh long password')).statusCode).toBe(200);
  });

  test('a wrong current password is 400 and changes nothing', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const response = await changePassword(buyer.cookie, {
      currentPassword: 'not my password',
      newPassword: 'a fresh long password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: AccountMessages.currentPasswordIncorrect,
      code: ErrorCode.badRequest,
      errors: { currentPassword: [AccountMessages.currentPasswordIncorrect] },
    });
    expect((await signIn(buyer.email, buyer.password)).statusCode).toBe(200);
  });

  test('guessing the current password is throttled like signing in (429, Retry-After)', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const guess = () =>
      changePassword(buyer.cookie, { currentPassword: 'guess', newPassword: 'a fresh password' });
    for (let i = 0; i < 5; i += 1) expect((await guess()).statusCode).toBe(400);
    const held = await guess();
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
    // Even the right password waits its turn.
    const right = await changePassword(buyer.cookie, {
      currentPassword: buyer.password,
      newPassword: 'a fresh long password',
    });
    expect(right.statusCode).toBe(429);
    clock.advance(1000);
    expect(
      (
        await changePassword(buyer.cookie, {
          currentPassword: buyer.password,
          newPassword: 'a fresh long password',
        })
      ).statusCode,
    ).toBe(200);
  });

  test('the new password follows the registration rules; a visitor is 401', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const short = await changePassword(buyer.cookie, {
      currentPassword: buyer.password,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AuthMessages.passwordTooShort);
    const missing = await changePassword(buyer.cookie, { newPassword: 'a fresh long password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(AccountMessages.currentPasswordRequired);
    expect(
      (await changePassword(undefined, { currentPassword: 'x', newPassword: 'a fresh password' }))
        .statusCode,
    ).toBe(401);
  });
});
