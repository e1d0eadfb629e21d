import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { payByCard, signUpBuyer } from './buyer-helpers.js';
import { ADMIN, expectNoSeriousA11yViolations, signInThroughUi } from './fixtures.js';
import { createProduct, uniqueWord } from './products.js';

const KEY_SHAPE = /^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/;

/** As the admin on the Products screen: license keys on, `uses` activations per key. */
async function enableKeysThroughUi(page: Page, title: string, uses: string) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await dialog.getByLabel('License keys').check();
  await dialog.getByLabel('Activations per key').fill(uses);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
}

/** The seller's software checking the key, with no session. */
async function verify(request: APIRequestContext, productId: string, licenseKey: string) {
  const response = await request.post('/api/licenses/verify', {
    data: { productId, licenseKey, incrementUses: true },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

test('the admin enables keys; a buyer gets one, the seller’s software verifies it, the admin disables it', async ({
  page,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const title = `Typesetter ${uniqueWord()}`;
  const seller = await playwright.request.newContext({ baseURL });
  const productId = await createProduct(seller, { title, price: 15 });
  await seller.post('/api/auth/logout');
  await enableKeysThroughUi(page, title, '2');

  // The buyer pays and sees the key on the success page, then in My Orders.
  await signUpBuyer(page);
  await page.goto(`/store/product/${productId}`);
  await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
  await payByCard(page, 'Test Buyer');
  await expect(page).toHaveURL(/\/store\/success\?session_id=/);
  const shownKey = page.getByTestId('license-key');
  await expect(shownKey).toHaveText(KEY_SHAPE, { timeout: 20_000 });
  const licenseKey = (await shownKey.textContent())!;
  await page.getByRole('banner').getByRole('link', { name: 'My Orders' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByTestId('license-key')).toHaveText(licenseKey);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: 'Copy license key' }).click();
  await expect(page.getByText('License key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(licenseKey);
  await expectNoSeriousA11yViolations(page);

  // The seller's software: the key is valid, one activation counted.
  const software = await playwright.request.newContext({ baseURL });
  expect(await verify(software, productId, licenseKey.toLowerCase())).toMatchObject({
    status: 200,
    body: { valid: true, uses: 1, maxUses: 2 },
  });

  // The admin disables it from the order; the next check is refused.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await page.getByRole('banner').getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByText(licenseKey)).toBeVisible();
  await expect(page.getByText('1 of 2 activations')).toBeVisible();
  await page.getByRole('button', { name: /^Disable key of order / }).click();
  await expect(page.getByText('License key disabled')).toBeVisible();
  await expect(page.getByText('1 of 2 activations · Disabled')).toBeVisible();
  expect(await verify(software, productId, licenseKey)).toEqual({
    status: 409,
    body: {
      valid: false,
      message: 'This license key has been disabled by the seller.',
      code: 'CONFLICT',
    },
  });
  await software.dispose();
  await seller.dispose();
});
