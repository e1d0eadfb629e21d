import { expect, test } from '@playwright/test';
import { signUpBuyer } from './buyer-helpers.js';
import { expectNoSeriousA11yViolations, signInThroughUi } from './fixtures.js';
import { waitForMail } from './mailbox.js';

test('@postgres forgot password: the email’s link sets a new password that signs in', async ({
  page,
}) => {
  const buyer = await signUpBuyer(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account exists for that email, we have sent a link to reset the password.',
  );

  const mail = await waitForMail({ to: buyer.email, subject: 'Reset your Bindery password' });
  const link = new URL(mail.links[0]!);
  expect(link.pathname).toBe('/store/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/store\/login$/);

  await signInThroughUi(page, buyer.email, 'a brand new password');
  await expect(page).toHaveURL(/\/store\/products$/);

  // The link worked once: opened again, it says so at once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByText('This password reset link is invalid or has expired. Please request a new one.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('the account page changes the name and the password; another browser is signed out', async ({
  page,
  browser,
}) => {
  const buyer = await signUpBuyer(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInThroughUi(otherPage, buyer.email, buyer.password);
  await expect(otherPage).toHaveURL(/\/store\/products$/);

  await page.getByRole('link', { name: `${buyer.name}, account` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Name').fill('Ada Lovelace');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Lovelace, account' })).toBeVisible();

  const password = page.getByRole('form', { name: 'Password' });
  await password.getByLabel('Current password').fill('not my password');
  await password.getByLabel('New password', { exact: true }).fill('a changed password');
  await password.getByLabel('Confirm new password').fill('a changed password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Current password is incorrect.')).toBeVisible();

  await password.getByLabel('Current password').fill(buyer.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password has been changed. Other devices have been signed out.'),
  ).toBeVisible();

  // This browser stays signed in; the other one is out.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await otherPage.goto('/store/my-orders');
  await expect(otherPage).toHaveURL(/\/store\/login/);
  await other.close();
});

test('@mobile the account page is in the phone menu and fits the screen', async ({ page }) => {
  await signUpBuyer(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
