import { expect, test, type Page } from '@playwright/test';
import { newBuyer, signInThroughUi } from './fixtures.js';

/** A buyer registered through the API and signed in through the sign-in page. */
async function signInNewBuyer(page: Page) {
  const buyer = newBuyer();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...buyer, role: 'user' },
  });
  expect(registered.status()).toBe(201);
  await signInThroughUi(page, buyer.email, buyer.password);
  return buyer;
}

const loginToast = (page: Page) =>
  page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful!' });

test('after logging out the sign-in page shows no "Login successful!"', async ({ page }) => {
  await signInNewBuyer(page);
  await expect(page).toHaveURL(/\/store\/products$/);
  // Logged out while the toast is still up (it stays four seconds on its own).
  await expect(loginToast(page)).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/store\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // Gone with the session, well before it would have timed out.
  await expect(loginToast(page)).toHaveCount(0, { timeout: 1500 });
});

test('@mobile a toast never covers the open menu’s first item', async ({ page }) => {
  await signInNewBuyer(page);
  const toast = loginToast(page);
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const firstItem = page.getByRole('menu').getByRole('menuitem').first();
  await expect(firstItem).toHaveText('Products');

  // Measured at rest: once the toast has slid in and the menu has grown to its size.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expect(toast).toBeVisible();
  const item = (await firstItem.boundingBox())!;
  const note = (await toast.boundingBox())!;
  const overlaps =
    item.x < note.x + note.width &&
    note.x < item.x + item.width &&
    item.y < note.y + note.height &&
    note.y < item.y + item.height;
  expect({ overlaps, item, note }).toEqual({ overlaps: false, item, note });
});
