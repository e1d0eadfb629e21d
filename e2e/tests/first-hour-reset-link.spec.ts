import { expect, test } from '@playwright/test';
import { newBuyer } from './fixtures.js';
import { waitForMail } from './mailbox.js';

const LINK_REFUSED =
  'This password reset link is invalid or has expired. Please request a new one.';

test('a reset link already used says so as soon as it is opened again', async ({ page }) => {
  const buyer = newBuyer();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...buyer, role: 'user' },
  });
  expect(registered.status()).toBe(201);
  const asked = await page.request.post('/api/auth/password-reset', {
    data: { email: buyer.email },
  });
  expect(asked.status()).toBe(202);
  const mail = await waitForMail({ to: buyer.email, subject: 'Reset your Bindery password' });
  const link = new URL(mail.links[0]!);
  const address = `${link.pathname}${link.search}`;

  // Unused, the link opens the form.
  await page.goto(address);
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);

  // Used: said on opening, with the way to a new link and no form to fill in first.
  await page.goto(address);
  await expect(page.getByText(LINK_REFUSED)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/store/forgot-password',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Set new password' })).toHaveCount(0);

  // An unknown token reads the same.
  await page.goto('/store/reset-password?token=not-a-token-we-sent');
  await expect(page.getByText(LINK_REFUSED)).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});
