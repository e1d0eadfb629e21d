import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './admin-bootstrap.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

test('a first start without admin settings creates admin@bindery.local with a random password, once', async () => {
  const first = await ensureAdmin({ adminEmail: undefined, adminPassword: undefined }, t.app.auth);
  expect(first.kind).toBe('generated');
  if (first.kind !== 'generated') return;
  expect(first.email).toBe(DEFAULT_ADMIN_EMAIL);
  expect(first.password.length).toBeGreaterThanOrEqual(16);
  const response = await login(DEFAULT_ADMIN_EMAIL, first.password);
  expect(response.json().user.role).toBe('admin');
  expect(
    await ensureAdmin({ adminEmail: undefined, adminPassword: undefined }, t.app.auth),
  ).toEqual({ kind: 'none' });
});

test('ADMIN_EMAIL/ADMIN_PASSWORD create the admin, then update its password, then leave it alone', async () => {
  const settings = { adminEmail: 'owner@example.com', adminPassword: 'first password' };
  expect(await ensureAdmin(settings, t.app.auth)).toMatchObject({ outcome: 'created' });
  expect(await ensureAdmin(settings, t.app.auth)).toMatchObject({ outcome: 'unchanged' });
  expect(
    await ensureAdmin({ ...settings, adminPassword: 'second password' }, t.app.auth),
  ).toMatchObject({ outcome: 'updated' });
  expect((await login('owner@example.com', 'first password')).statusCode).toBe(401);
  expect((await login('owner@example.com', 'second password')).json().user.role).toBe('admin');
});

test('ADMIN_EMAIL promotes an existing buyer account to admin', async () => {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: 'Owner',
      email: 'owner@example.com',
      password: 'buyer password',
      role: 'user',
    },
  });
  await ensureAdmin(
    { adminEmail: 'owner@example.com', adminPassword: 'admin password' },
    t.app.auth,
  );
  const response = await login('owner@example.com', 'admin password');
  expect(response.json().user).toMatchObject({ name: 'Owner', role: 'admin' });
});
