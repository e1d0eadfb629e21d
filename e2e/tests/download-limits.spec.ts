import { expect, test } from '@playwright/test';
import { payByCard, signUpBuyer, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { createProduct, uniqueWord } from './products.js';

test('@postgres a buyer reaches the download limit; the admin resets it and the buyer downloads again', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Limited Atlas ${uniqueWord()}`;
  const productId = await createProduct(admin, { title, price: 6, downloadLimit: 1 });
  await admin.dispose();

  const buyer = await signUpBuyer(page);
  await page.goto(await startCheckoutViaApi(page, productId));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);

  await page.goto('/store/my-orders');
  const row = page
    .getByRole('table', { name: 'My Orders' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row).toContainText('0 of 1 download used');
  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${title}` }).click();
  await (await downloaded).path();

  await page.reload();
  await expect(row).toContainText('Download limit reached for this order.');
  await expect(row.getByRole('button', { name: `Download ${title}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();

  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  // Signed in only once the dashboard opens: leaving earlier can beat the session cookie.
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.goto('/store/orders');
  const order = page.getByRole('row').filter({ hasText: title });
  await expect(order).toContainText('1 of 1 download used');
  await order.getByRole('button', { name: /^Reset downloads of order/ }).click();
  await expect(page.getByText('Download count reset: the buyer can download again.')).toBeVisible();
  await expect(order).toContainText('0 of 1 download used');
  await page.getByRole('button', { name: 'Logout' }).click();

  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto('/store/my-orders');
  await expect(row.getByRole('button', { name: `Download ${title}` })).toBeVisible();
});
