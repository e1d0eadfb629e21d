import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  expectNoSeriousA11yViolations,
  newBuyer,
  registerThroughUi,
  signInThroughUi,
} from './fixtures';

async function signInNewBuyer(page: Page) {
  const buyer = newBuyer();
  await registerThroughUi(page, buyer);
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/store\/products$/);
  return buyer;
}

async function signInAdmin(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
}

test('a signed-in buyer following "Main site" back into the store reaches the catalogue, not a sign-in form', async ({
  page,
}) => {
  await signInNewBuyer(page);
  await page.goto('/store/products?page=2');

  // The main site's link into the store: "/" (the default MAIN_SITE_URL) opens the catalogue.
  await page.goto('/');

  await expect(page).toHaveURL(/\/store\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  // Replaced, not pushed: Back returns to the page before, not into a login loop.
  await page.goBack();
  await expect(page).toHaveURL(/\/store\/products\?page=2$/);
});

test('a signed-in buyer opening a login page goes to the return target, or the catalogue', async ({
  page,
}) => {
  await signInNewBuyer(page);

  await page.goto('/store/login?redirect=%2Fmy-orders');
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  await page.goto('/store/login');
  await expect(page).toHaveURL(/\/store\/products$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('a signed-in admin opening either login page goes to the dashboard', async ({ page }) => {
  await signInAdmin(page);

  await page.goto('/store/login');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  await page.goto('/store/login/admin?redirect=%2Forders');
  await expect(page).toHaveURL(/\/store\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Customer Orders' })).toBeVisible();
});

test('a buyer opening an admin page is told it needs an admin account, and can sign in as one', async ({
  page,
}) => {
  const buyer = await signInNewBuyer(page);

  await page.goto('/store/orders');

  // The specification's rule stays: a role that is not allowed is sent to the admin login.
  await expect(page).toHaveURL(/\/store\/login\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'Admin account needed' });
  await expect(notice).toContainText(
    `The page you opened needs an admin account. You're signed in as ${buyer.name}, a buyer account: sign in with an admin account to continue, or go back to the store.`,
  );
  await expect(notice.getByRole('link', { name: 'Back to the store' })).toHaveAttribute(
    'href',
    '/store/products',
  );
  await expectNoSeriousA11yViolations(page);

  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Customer Orders' })).toBeVisible();
});

test('@mobile a buyer opening an admin page on a phone can go back to the store', async ({
  page,
}) => {
  await signInNewBuyer(page);

  await page.goto('/store/dashboard');

  await expect(page).toHaveURL(/\/store\/login\/admin$/);
  await expect(page.getByText('Admin account needed')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBe(390);
  await page.getByRole('link', { name: 'Back to the store' }).click();
  await expect(page).toHaveURL(/\/store\/products$/);
});
