import { expect, test, type Page } from '@playwright/test';
import { payByCard, signUpBuyer } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { useOwnStore } from './own-store.js';
import { productOfItsOwn } from './products.js';

// A store of its own, selling in euros written the German way (STORE_CURRENCY=EUR,
// STORE_LOCALE=de-DE), on the port after the ones the configured store and its mail sink use.

useOwnStore(4, { STORE_CURRENCY: 'EUR', STORE_LOCALE: 'de-DE' });

/** "19,90 €" as de-DE writes it: a no-break space before the sign. */
const EUROS = /19,90\s€/;

/** A product at 19,90 € with a title only this test uses. */
const euroProduct = (request: Parameters<typeof productOfItsOwn>[0]) =>
  productOfItsOwn(request, { price: 19.9 });

/** A buyer signs up, buys the product through the test checkout page and reaches the success page. */
async function buyInEuros(page: Page, title: string) {
  const buyer = await signUpBuyer(page);
  await page.goto(`/store/products?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('main').getByText(EUROS).first()).toBeVisible();
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.locator('.amount')).toHaveText(EUROS);
  await expect(page.getByRole('button', { name: /^Pay 19,90\s€$/ })).toBeVisible();
  await payByCard(page, buyer.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  return buyer;
}

async function signInAsAdmin(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
}

test('a EUR store shows euros in the catalogue, product page, checkout, My Orders and the admin screens', async ({
  page,
  request,
}) => {
  const product = await euroProduct(request);

  // As sent, before any script runs: the price and the share preview in euros.
  const html = await (await request.get(`/store/product/${product._id}`)).text();
  expect(html).toContain('19,90\u00a0€');
  expect(html).toContain('<meta property="og:price:currency" content="EUR" />');

  await page.goto(`/store/products?search=${encodeURIComponent(product.title)}`);
  const card = page.getByRole('listitem').filter({ hasText: product.title });
  await expect(card.getByText(EUROS)).toBeVisible();

  await buyInEuros(page, product.title);
  await page.goto('/store/my-orders');
  const row = page.getByRole('row').filter({ hasText: product.title });
  await expect(row.getByText(EUROS)).toBeVisible();

  await signInAsAdmin(page);
  const productRow = page.getByRole('row').filter({ hasText: product.title });
  await expect(productRow.getByText(EUROS)).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/store\/orders$/);
  const orderRow = page.getByRole('row').filter({ hasText: product.title });
  await expect(orderRow.getByText(EUROS)).toBeVisible();

  await page.goto('/store/sales');
  await expect(page.getByRole('group', { name: 'Totals' })).toContainText(EUROS);
  await expect(page.getByRole('region', { name: 'Top products' })).toContainText(EUROS);
});

test('the product form says the price is in euros', async ({ page }) => {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog.getByLabel(/^Price/)).toBeVisible();
  await expect(dialog.getByText('€', { exact: true })).toBeVisible();
});

test('@mobile on a phone the catalogue, product page, My Orders and admin Orders show euros', async ({
  page,
  request,
}) => {
  const product = await euroProduct(request);
  await page.goto(`/store/products?search=${encodeURIComponent(product.title)}`);
  await expect(
    page.getByRole('listitem').filter({ hasText: product.title }).getByText(EUROS),
  ).toBeVisible();

  await buyInEuros(page, product.title);
  await page.goto('/store/my-orders');
  await expect(page.getByRole('main').getByText(EUROS).first()).toBeVisible();

  // The buyer's session ends (the phone menu's Logout is tested elsewhere); the admin signs in.
  await page.context().clearCookies();
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await expect(page.getByRole('main').getByText(EUROS).first()).toBeVisible();
  await page.goto('/store/orders');
  await expect(page.getByRole('main').getByText(EUROS).first()).toBeVisible();
});
