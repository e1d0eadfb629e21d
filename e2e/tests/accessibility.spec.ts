import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, newBuyer, signInThroughUi } from './fixtures';

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('link');

test('Tab from a fresh page reaches "Skip to content" first, and Enter jumps to the page', async ({
  page,
}) => {
  await page.goto('/store/products');
  await expect(cards(page)).toHaveCount(10);

  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/store\/products$/);
  // The next Tab lands inside the page, past the top bar.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
});

test('after opening a product, focus is on its heading; paging the catalogue moves no focus', async ({
  page,
}) => {
  await page.goto('/store/products');
  await expect(cards(page)).toHaveCount(10);
  const pageTwo = page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('link', { name: 'Page 2' });
  await pageTwo.click();
  await expect(page).toHaveURL(/\/store\/products\?page=2$/);
  await expect(pageTwo).toHaveAttribute('aria-current', 'page');
  await expect(pageTwo).toBeFocused();

  const title = await cards(page).first().getByRole('heading', { level: 2 }).textContent();
  await cards(page).first().click();

  const heading = page.getByRole('main').getByRole('heading', { level: 1, name: title! });
  await expect(heading).toBeFocused();

  // Keyboard too: Enter on the breadcrumb's link, and focus is on the catalogue's heading.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeFocused();
});

test('@mobile a toast on a phone leaves the menu button uncovered', async ({ page }) => {
  const buyer = newBuyer();
  expect(
    (await page.request.post('/api/auth/register', { data: { ...buyer, role: 'user' } })).ok(),
  ).toBe(true);

  await signInThroughUi(page, buyer.email, buyer.password);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful!' });
  await expect(toast).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const menuBox = await menuButton.boundingBox();
  expect(menuBox).not.toBeNull();
  // Below the top bar: once it has slid in, the toast starts under the menu button's bottom edge.
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? -1)
    .toBeGreaterThanOrEqual(menuBox!.y + menuBox!.height);

  // And the menu button still opens the menu while the toast is up.
  await menuButton.click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'My Orders' })).toBeVisible();
});

test('@mobile the skip link and the product page heading work on a phone too', async ({ page }) => {
  await page.goto('/store/products');
  await expect(cards(page)).toHaveCount(10);
  await cards(page).nth(1).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});
