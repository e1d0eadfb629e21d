import { expect, test } from '@playwright/test';

test('opening the server root shows the catalogue, not a sign-in form', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/store\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('link')).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('@mobile opening the server root on a phone shows the catalogue', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/store\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('the store index still sends to the sign-in form, as the specification says', async ({
  page,
}) => {
  await page.goto('/store/');

  await expect(page).toHaveURL(/\/store\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
