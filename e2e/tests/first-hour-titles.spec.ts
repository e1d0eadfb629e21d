import { expect, test, type Page } from '@playwright/test';
import { demoProducts, signUpBuyer } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';

/** Opens each address and waits for the tab's title to be exactly the one given. */
async function expectTitles(page: Page, titles: Array<[path: string, title: string]>) {
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
}

test('every page has its own title, "{page} · Bindery", signed out', async ({ page, request }) => {
  const [product] = await demoProducts(request);
  await expectTitles(page, [
    ['/store/products', 'Products · Bindery'],
    ['/store/products?page=2', 'Products, page 2 · Bindery'],
    ['/store/products?search=handbook', 'Search results for “handbook” · Bindery'],
    [`/store/product/${product!._id}`, `${product!.title} · Bindery`],
    ['/store/product/no-such-product', 'Product Not Found · Bindery'],
    ['/store/login', 'Sign in · Bindery'],
    ['/store/login/admin', 'Admin sign in · Bindery'],
    ['/store/forgot-password', 'Forgot password · Bindery'],
    ['/store/reset-password?token=abc', 'Reset password · Bindery'],
    ['/store/no-such-page', 'Page not found · Bindery'],
    // A page that needs an account sends to the sign-in, titled as such.
    ['/store/my-orders', 'Sign in · Bindery'],
  ]);

  // Moving through the app retitles the tab too, not only a fresh load.
  await page.goto('/store/products');
  await page.getByRole('main').getByRole('link', { name: product!.title }).first().click();
  await expect(page).toHaveTitle(`${product!.title} · Bindery`);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveTitle('Sign in · Bindery');
  await page.getByRole('banner').getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveTitle('Products · Bindery');
});

test('the server writes the same titles the app shows', async ({ request }) => {
  const [product] = await demoProducts(request);
  const titleOf = async (path: string) =>
    /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1];
  expect(await titleOf('/store/products')).toBe('Products · Bindery');
  expect(await titleOf('/store/products?page=2')).toBe('Products, page 2 · Bindery');
  expect(await titleOf(`/store/product/${product!._id}`)).toBe(
    `${product!.title.replaceAll('&', '&amp;')} · Bindery`,
  );
  expect(await titleOf('/store/product/no-such-product')).toBe('Product Not Found · Bindery');
  // Pages the app draws carry their title before it starts too.
  expect(await titleOf('/store/login')).toBe('Sign in · Bindery');
  expect(await titleOf('/store/forgot-password')).toBe('Forgot password · Bindery');
});

test('a signed-in page carries its own title in the HTML the server sends', async ({ page }) => {
  await signUpBuyer(page);
  const html = await (await page.request.get('/store/my-orders')).text();
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('My Orders · Bindery');
});

test('a buyer’s pages and an admin’s pages have their own titles', async ({ page, browser }) => {
  await signUpBuyer(page);
  await expectTitles(page, [
    ['/store/my-orders', 'My Orders · Bindery'],
    ['/store/account', 'Account · Bindery'],
    ['/store/success', 'Payment successful · Bindery'],
    ['/store/cancel', 'Payment canceled · Bindery'],
  ]);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughUi(admin, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(admin).toHaveURL(/\/store\/dashboard$/);
  await expect(admin).toHaveTitle('Products · Bindery');
  await expectTitles(admin, [
    ['/store/orders', 'Orders · Bindery'],
    ['/store/sales', 'Sales · Bindery'],
    ['/store/email', 'Email · Bindery'],
    ['/store/dashboard', 'Products · Bindery'],
  ]);
  await adminContext.close();
});
