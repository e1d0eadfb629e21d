import { expect, test } from '@playwright/test';
import { ADMIN, newBuyer, registerThroughUi, signInThroughUi } from './fixtures';

test('a visitor registers, signs in, keeps the session on reload and signs out', async ({
  page,
}) => {
  const buyer = newBuyer();
  await page.goto('/store/');
  await expect(page).toHaveURL(/\/store\/login$/);

  await registerThroughUi(page, buyer);
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  // Back in sign-in mode with the passwords cleared and the email kept.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(buyer.email);

  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/store\/products$/);
  const topBar = page.getByRole('banner');
  await expect(topBar.getByText(buyer.name)).toBeVisible();
  await expect(topBar.getByRole('link', { name: 'My Orders' })).toBeVisible();

  // The HttpOnly cookie carries the session; localStorage holds no secret.
  const stored = await page.evaluate(() => localStorage.getItem('auth-session'));
  expect(JSON.parse(stored!).state).toMatchObject({ token: null, isAuthenticated: true });
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'bindery_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  });

  await page.reload();
  await expect(topBar.getByText(buyer.name)).toBeVisible();

  await topBar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);
  await expect(topBar.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(topBar.getByText(buyer.name)).toHaveCount(0);
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

test('wrong credentials show the server message and a duplicate registration is refused', async ({
  page,
}) => {
  const buyer = newBuyer();
  await signInThroughUi(page, buyer.email, 'not the password');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();

  await registerThroughUi(page, buyer);
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  await registerThroughUi(page, buyer);
  await expect(page.getByText('Email is already registered')).toBeVisible();
});

test('form validations show the specification texts without calling the server', async ({
  page,
}) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login') || request.url().includes('/api/auth/register'))
      calls++;
  });
  await page.goto('/store/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email and password are required.')).toBeVisible();

  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('a long password');
  await page.getByLabel('Confirm password').fill('a long password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter a username.')).toBeVisible();

  await page.getByLabel('Username').fill('Someone');
  await page.getByLabel('Confirm password').fill('another password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords do not match!')).toBeVisible();
  expect(calls).toBe(0);
});

test('the admin signs in on the admin screen and sees the admin navigation', async ({ page }) => {
  await page.goto('/store/login/admin');
  await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
});

test('@mobile the mobile menu offers the links and sign-in', async ({ page }) => {
  await page.goto('/store/login');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Products' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Login' })).toBeVisible();
});
