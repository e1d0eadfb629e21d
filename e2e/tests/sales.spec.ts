import { expect, test } from '@playwright/test';
import { payByCard, signUpBuyer, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, expectNoSeriousA11yViolations, signInThroughUi } from './fixtures.js';
import { createProduct, uniqueWord } from './products.js';

test('@postgres a sale shows in the admin’s Sales overview; buyers have no way in', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Sales Ledger ${uniqueWord()}`;
  const productId = await createProduct(admin, { title, price: 1234.5 });
  await admin.dispose();

  const buyer = await signUpBuyer(page);
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sales', exact: true }),
  ).toHaveCount(0);
  await page.goto(await startCheckoutViaApi(page, productId));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);
  await page.goto('/store/sales');
  await expect(page).toHaveURL(/\/store\/login\/admin/);
  await page.getByRole('button', { name: 'Logout' }).click();

  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Sales', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  const totals = page.getByRole('group', { name: 'Totals' });
  await expect(totals).toContainText('Revenue');
  // The best seller of the last 30 days is this test's product: no other sells for as much.
  const top = page.getByRole('table', { name: 'Top products' });
  await expect(top.getByRole('row').nth(1)).toContainText(title);
  await expect(top.getByRole('row').nth(1)).toContainText('$1,234.50');
  await expect(page.locator('section[aria-labelledby="sales-per-day"] svg').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/\/store\/sales\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(top.getByRole('row').nth(1)).toContainText(title);
});

test('@mobile the Sales page fits a phone', async ({ page }) => {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.goto('/store/sales');
  await expect(page.getByRole('group', { name: 'Totals' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Top products' }).or(page.getByText('No sales in this range.')),
  ).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
